import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { sampleTypes } from './catalogue';
import { requests } from './projects';
import { requestStatuses, requestTypes } from './reference';
import { users } from './users';

/**
 * A request's access control list (researcher §3 request.access_control_list): the project team
 * members the request gives access to. Removing a member sets `removal_date`; `verified` is set by
 * staff.
 */
export const requestMembers = pgTable(
  'request_members',
  {
    requestId: cascadeRef('request_id', () => requests.id),
    userId: cascadeRef('user_id', () => users.id),
    removalDate: timestamp('removal_date', { withTimezone: true }),
    verified: boolean('verified').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] }), index('request_members_user_idx').on(t.userId)],
);

/**
 * The biospecimen inventory validateSamples answers from (decision 057): one row per sample id
 * (e.g. 11000-p1), its sample type, the amount left and its unit, iPSC consent and its state.
 */
export const samples = pgTable(
  'samples',
  {
    id: text('id').primaryKey(),
    sampleTypeId: cascadeRef('sample_type_id', () => sampleTypes.id),
    amountAvailable: doublePrecision('amount_available').notNull().default(0),
    unit: text('unit').notNull(),
    ipscConsented: boolean('ipsc_consented').notNull().default(false),
    /** available, limited, unavailable or cpls (cell lines that may be nominated for reprogramming). */
    status: text('status').notNull().default('available'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('samples_sample_type_idx').on(t.sampleTypeId),
    check('samples_status_check', sql`${t.status} IN ('available', 'limited', 'unavailable', 'cpls')`),
    check('samples_amount_check', sql`${t.amountAvailable} >= 0`),
  ],
);

/** The samples a biospecimen request asks for, with the amount of each (additional_data.samples). */
export const requestSamples = pgTable(
  'request_samples',
  {
    requestId: cascadeRef('request_id', () => requests.id),
    sampleId: text('sample_id')
      .notNull()
      .references(() => samples.id, { onDelete: 'cascade' }),
    amount: doublePrecision('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.sampleId] }),
    index('request_samples_sample_idx').on(t.sampleId),
    check('request_samples_amount_check', sql`${t.amount} > 0`),
  ],
);

/** Staff assigned to review a request (staff §3 request.review_users; at most 100 per request). */
export const requestReviewers = pgTable(
  'request_reviewers',
  {
    requestId: cascadeRef('request_id', () => requests.id),
    userId: cascadeRef('user_id', () => users.id),
    /**
     * Research Match assignments carry a role: 1 primary, 2 secondary, 3 other (staff §3 review);
     * null for the other request kinds. A request has at most one primary reviewer.
     */
    reviewerRole: smallint('reviewer_role'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('request_reviewers_user_idx').on(t.userId),
    uniqueIndex('request_reviewers_one_primary_key')
      .on(t.requestId)
      .where(sql`${t.reviewerRole} = 1`),
    check(
      'request_reviewers_reviewer_role_check',
      sql`${t.reviewerRole} IS NULL OR ${t.reviewerRole} IN (1, 2, 3)`,
    ),
  ],
);

/** Staff comments (notes) on a request; visible to admins and project managers (staff §6). */
export const requestComments = pgTable(
  'request_comments',
  {
    id: serial('id').primaryKey(),
    requestId: cascadeRef('request_id', () => requests.id),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_comments_request_idx').on(t.requestId, t.created)],
);

/**
 * A renewal of a request (staff §3 renewal; researcher §2 "Renewals"): the resource-impact /
 * renewal form the owner files near expiry, with its own status (request status ids).
 */
export const requestRenewals = pgTable(
  'request_renewals',
  {
    id: serial('id').primaryKey(),
    requestId: cascadeRef('request_id', () => requests.id),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    statusId: integer('status_id')
      .notNull()
      .references(() => requestStatuses.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => requestTypes.id),
    agreedToUsagePolicy: boolean('agreed_to_usage_policy').notNull().default(false),
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default({}),
    submissionDate: timestamp('submission_date', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('request_renewals_request_idx').on(t.requestId, t.created),
    // Start Review lists the Research Match renewals in the new status (staff §2.4).
    index('request_renewals_type_status_idx').on(t.typeId, t.statusId),
  ],
);
