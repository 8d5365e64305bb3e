import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Release notes (staff §3 "release_note: version, text, released flag, created"): written as
 * drafts by superusers, released once (staff §4.8), read by everyone signed in when released.
 */
export const releaseNotes = pgTable(
  'release_notes',
  {
    id: serial('id').primaryKey(),
    /** Digits and dots, at most 10 characters (staff §5); one note per version. */
    version: text('version').notNull(),
    /** Sanitised HTML. */
    text: text('text').notNull().default(''),
    released: boolean('released').notNull().default(false),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('release_notes_version_key').on(t.version),
    // The release selector: newest first, drafts kept apart from what others see.
    index('release_notes_released_created_idx').on(t.released, t.created.desc().nullsFirst(), t.id.desc()),
  ],
);
