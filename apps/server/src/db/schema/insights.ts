import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { requests } from './projects';

/**
 * The status history of each request as stays: one row from the moment a request entered a status
 * until it left it (`left_at` null while it is still there). Derived from `history`, the audit
 * trail, by its one writer (`recordHistory`) in the change's own transaction, and rebuilt from it
 * with window functions (`rebuildStatusStays`, migration 0021): the turnaround metrics and the
 * reminders read their durations here instead of replaying every audited version (decision 270).
 */
export const requestStatusStays = pgTable(
  'request_status_stays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /** The request's type, kept beside the status so a type filter reads one index. */
    typeId: integer('type_id').notNull(),
    statusId: integer('status_id').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** The version of the request's history that began the stay. */
    version: integer('version').notNull(),
  },
  (t) => [
    uniqueIndex('request_status_stays_request_version_key').on(t.requestId, t.version),
    // A request is in one status at a time.
    uniqueIndex('request_status_stays_current_key')
      .on(t.requestId)
      .where(sql`${t.leftAt} is null`),
    // Stays that ended in a period (time in each status), read from the index alone.
    index('request_status_stays_left_idx').on(t.leftAt, t.typeId, t.statusId, t.enteredAt),
    // Entries into a status in a period (first decisions, fulfilments).
    index('request_status_stays_entered_idx').on(t.statusId, t.enteredAt, t.typeId, t.requestId),
    // Open items by status and how long they have waited.
    index('request_status_stays_open_idx')
      .on(t.statusId, t.typeId, t.enteredAt)
      .where(sql`${t.leftAt} is null`),
  ],
);
