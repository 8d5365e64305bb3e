import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The schedule of each periodic job (decision 272): when it is next due, and its last run. An
 * instance runs a job only after moving `next_run_at` past now in one statement, so however many
 * instances poll, each due slot runs once.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  /** The instance that took the last slot, and when that run started and ended. */
  claimedBy: uuid('claimed_by'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** Why the last run failed; null when it succeeded. */
  lastError: text('last_error'),
});
