import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { users } from './users';

/**
 * Answers to writes sent with an `Idempotency-Key` (decision 121). The row is inserted in the
 * transaction of the write, so a key can never commit two writes; the answer is stored right
 * after, and a retry with the same key and body is answered from it. Rows expire after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: cascadeRef('user_id', () => users.id),
    key: text('key').notNull(),
    /** Method and path of the first request, e.g. `POST /api/request/12/decision/`. */
    route: text('route').notNull(),
    /** SHA-256 of the validated body, in a key-order-independent form. */
    bodyHash: text('body_hash').notNull(),
    /** Null while the answer is not yet recorded (in flight, or lost with a crashed process). */
    statusCode: integer('status_code'),
    response: text('response'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.created)],
);

/**
 * The server processes sharing this database (decision 120): each one's file storage, and a
 * heartbeat. An instance whose heartbeat stops, or whose process is gone, is removed and what it
 * had claimed (e-mails being sent) is released at once.
 */
export const serverInstances = pgTable('server_instances', {
  id: uuid('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  /** Where its files live: `s3:<bucket>` or `local:<id of the storage directory>`. */
  storage: text('storage').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
