import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every e-mail the portal sends, written in the transaction of the change that caused it
 * (an outbox): delivered after commit, retried on failure, and kept as the audit of what was sent.
 */
export const emailLogs = pgTable(
  'email_logs',
  {
    id: serial('id').primaryKey(),
    to: text('to_addresses').array().notNull(),
    cc: text('cc_addresses').array().notNull().default([]),
    bcc: text('bcc_addresses').array().notNull().default([]),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    /** Which template produced it (e.g. `verify-email`), for filtering the log. */
    template: text('template').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a queued e-mail is due; for one being sent, when its sender's lease runs out. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The server instance sending it (status `sending`); released at once when that instance dies. */
    claimedBy: uuid('claimed_by'),
    /**
     * Sent as the Message-ID of every attempt, so a receiver can drop the copy a retry after a
     * crash sends again (delivery is at least once, decision 122).
     */
    messageId: uuid('message_id').notNull().defaultRandom(),
    /** What the e-mail was about (staff §7 "Email info": model_name, obj_ids), e.g. `request` [12]. */
    modelName: text('model_name'),
    objectIds: integer('object_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Stored files sent with it (e.g. a decision's decision_docs), read from storage at delivery. */
    attachmentFileIds: integer('attachment_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Where replies go (feedback with a contact address); the sender otherwise. */
    replyTo: text('reply_to'),
    /** The entry this one copies, when staff sent a logged e-mail again. */
    resentFromId: integer('resent_from_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_logs_pending_idx').on(t.status, t.nextAttemptAt),
    index('email_logs_user_idx').on(t.userId),
    index('email_logs_model_objects_idx').using('gin', t.objectIds),
  ],
);
