import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import type { WebhookEvent } from '@rrp/domain';
import { users } from './users';

/** Where events are posted (a superuser registers them): the URL, the signing secret, what to send. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  /** Signs every delivery; never answered by the API, never logged. */
  secret: text('secret').notNull(),
  eventTypes: text('event_types').array().notNull(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event for one endpoint, written in the transaction of the change that caused it (an outbox,
 * like `email_logs`): posted after commit, retried with backoff, and kept as the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: cascadeRef('endpoint_id', () => webhookEndpoints.id),
    /** The event's id, sent as webhook-id on every attempt so the receiver can drop repeats. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<WebhookEvent>().notNull(),
    status: text('status', { enum: ['queued', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The HTTP status of the last attempt (null when it got no answer). */
    statusCode: integer('status_code'),
    lastError: text('last_error'),
    /** When a queued delivery is due; for one being sent, when its sender's lease runs out. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: uuid('claimed_by'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_pending_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);
