import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { emailLogs } from './email';
import { users } from './users';

/**
 * When each kind of reminder goes out and what it says (decision 273): seeded with the defaults of
 * `REMINDER_DEFAULTS`, changed by administrators through `reminder-setting/`.
 */
export const reminderSettings = pgTable('reminder_settings', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull().unique(),
  enabled: boolean('enabled').notNull().default(true),
  /** Days before the due date, or days waiting, after which the reminder is due. */
  afterDays: integer('after_days').notNull(),
  /** Days before the same item may be reminded of to the same person again. */
  everyDays: integer('every_days').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  modifiedById: integer('modified_by_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Each item a person was reminded of (or, for the administrators' reminders, that the
 * administrators were): at most once per item and person within the setting's `every_days`.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** What it was about, e.g. `request:12` or `rda:40`. */
    itemKey: text('item_key').notNull(),
    /** Null for a reminder to every administrator. */
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The e-mail it went in (the e-mail log); null when the recipient stopped reminder e-mails. */
    emailLogId: integer('email_log_id').references(() => emailLogs.id, { onDelete: 'set null' }),
  },
  (t) => [index('reminder_sends_item_idx').on(t.kind, t.itemKey, t.recipientId, t.sentAt)],
);
