import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { users } from './users';

/**
 * A user's calendar feed (issue 33): at most one per user. The feed's secret is never stored: it is
 * the HMAC of the server's key and `nonce`, so the owner can be shown their address again while a
 * copy of the database alone opens no feed; `token_hash` (SHA-256 of the secret) finds the row.
 * Regenerating writes a new nonce, turning off deletes the row: the old address stops at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: cascadeRef('user_id', () => users.id).primaryKey(),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);
