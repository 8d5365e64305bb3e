import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { users } from './users';

/** The bell: one row per recipient; an error report is a notification with task_name `error_report`. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientId: cascadeRef('recipient_id', () => users.id),
    message: text('message').notNull(),
    redirect: text('redirect'),
    taskName: text('task_name'),
    fields: jsonb('fields').$type<Record<string, unknown>>(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_recipient_idx').on(t.recipientId, t.created)],
);

/** Client-side events worth keeping, e.g. the end of an impersonation (POST post-log). */
export const postLogs = pgTable('post_logs', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The real user behind an impersonated session, when there is one. */
  impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
  log: text('log').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});
