import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hits per key in a fixed window: failed sign-ins per account, calls per client address and
 * route. In the database so every server instance counts against the same limit (decision 115).
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    /** When the window ends; a hit after it starts a new window. */
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_reset_at_idx').on(t.resetAt)],
);
