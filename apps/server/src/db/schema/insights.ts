import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { requests } from './projects';

/**
 * The status history of each request as stays: one row from the moment a request entered a status
 * until it left it (`left_at` null while it is still there). Derived from `history`, the audit
 * trail, by its one writer (`recordHistory`) in the change's own transaction, and rebuilt from it
 * with window functions (`rebuildStatusStays`, migration 0019): the turnaround metrics and the
 * reminders read their durations here instead of replaying every audited version (decision 270).
 */
export const requestStatusStays = pgTable(
  'request_status_stays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: cascadeRef('request_id', () => requests.id),
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
    // Stays that ended in a period (time in each status): per status, read from the index alone and
    // already in status order for the grouped percentiles.
    index('request_status_stays_left_idx').on(t.statusId, t.leftAt, t.typeId, t.enteredAt),
    // When a review started (platform/research-match-reviews.ts): a request's last entry into a
    // status before a moment, one probe read from the index alone.
    index('request_status_stays_review_start_idx').on(t.requestId, t.statusId, t.enteredAt),
    // Open items by status and how long they have waited.
    index('request_status_stays_open_idx')
      .on(t.statusId, t.typeId, t.enteredAt)
      .where(sql`${t.leftAt} is null`),
  ],
);

/**
 * The milestones of each request, from its stays: when it was first submitted, first decided
 * (any of the workflow's decision statuses), first approved (Approved or Approved (Pending Team))
 * and first fulfilled. Kept with the stays by the same writer, so submission-to-decision and
 * approval-to-fulfilment are one range of one index each (decision 270).
 */
export const requestMilestones = pgTable(
  'request_milestones',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    typeId: integer('type_id').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
  },
  (t) => [
    index('request_milestones_decided_idx').on(t.decidedAt, t.typeId, t.submittedAt),
    index('request_milestones_fulfilled_idx').on(t.fulfilledAt, t.typeId, t.approvedAt),
  ],
);
