import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  boolean,
} from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { RESEARCH_MATCH_CRITERIA } from '@rrp/domain';
import { REVIEW_COMPLETE_INDEX_PREDICATE } from '../../platform/research-match-reviews';
import { requests } from './projects';
import { requestRenewals } from './requests';
import { users } from './users';

/**
 * Research Match (request types 4 and 5; staff §2.3–§2.6, §3, §4.3, §5, §9): the staff's summary
 * of an application, the reviewers' scored reviews and their conflicts of interest. Reviewer roles
 * live on the assignment (`request_reviewers.reviewer_role`); renewals are `request_renewals` rows
 * of type 5 with their own status.
 */

/** A text answer of the summary: empty rather than null, so the API never mixes the two. */
const answer = (name: string) => text(name).notNull().default('');
/** A multiple-choice answer of the summary, filterable through a GIN index. */
const choices = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * The request summary (staff §3 "request summary"): what staff curate from the application for the
 * review — scientific title and abstract, aims, the recruitment profile — plus the review cycle's
 * own fields (due date, meeting notes, RM ids, review quarter and cycle). One row per Research
 * Match application, filled from the application when it is first submitted.
 */
export const requestSummaries = pgTable(
  'request_summaries',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    scientificTitle: answer('scientific_title'),
    scientificAbstract: answer('scientific_abstract'),
    researchAim: answer('research_aim'),
    /** Admin-only notes of the review meeting (staff §2.5). */
    meetingNotes: answer('meeting_notes'),
    /** When reviews are due; Start Review sets it to the chosen day at 12:00 (staff §4.3). */
    dueDate: timestamp('due_date', { withTimezone: true }),
    /** The recruitment ids of the study: 'RM' + 4 digits, one shared base (staff §5). */
    rmIds: choices('rm_ids'),
    /** The base all `rm_ids` share (e.g. RM0001), or null without ids: finds other users of a base. */
    rmBase: text('rm_base'),
    principalInvestigator: answer('principal_investigator'),
    email: answer('email'),
    institution: answer('institution'),
    hypotheses: answer('hypotheses'),
    /** Research Match IRB status: 1 fully approved, 2 partially approved (researcher §3). */
    irbStatus: smallint('irb_status'),
    irbStatusComments: answer('irb_status_comments'),
    /** The study's methods (Online Survey, In-clinic, Intervention, Clinical Trial). */
    studyType: choices('study_type'),
    category: choices('category'),
    /** At most 3 (staff §5). */
    keywords: choices('keywords'),
    cohort: choices('cohort'),
    region: answer('region'),
    stdInstruments: answer('std_instruments'),
    buildPreference: answer('build_preference'),
    geneticRequest: answer('genetic_request'),
    procedure: answer('procedure'),
    timeRequired: answer('time_required'),
    justification: answer('justification'),
    inclCriteria: answer('incl_criteria'),
    exclCriteria: answer('excl_criteria'),
    feedback: answer('feedback'),
    funding: answer('funding'),
    risks: answer('risks'),
    stakeholderFeedback: answer('stakeholder_feedback'),
    considerations: answer('considerations'),
    /** The quarter (YYYY-Qn, from 2018-Q4) of the current review cycle; null before the first. */
    reviewQuarter: text('review_quarter'),
    /** How many times the application went into review (an application, then each renewal or deferral). */
    reviewCycle: integer('review_cycle').notNull().default(0),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
    modifiedById: integer('modified_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('request_summaries_rm_base_idx').on(t.rmBase),
    // The research-match list's filters (researcher §2 "Lists"): quarter and cycle, region,
    // and the multiple-choice answers through GIN (`&&` / `@>`).
    index('request_summaries_review_quarter_idx').on(t.reviewQuarter, t.reviewCycle),
    index('request_summaries_region_idx').on(t.region),
    index('request_summaries_category_idx').using('gin', t.category),
    index('request_summaries_keywords_idx').using('gin', t.keywords),
    index('request_summaries_study_type_idx').using('gin', t.studyType),
    check('request_summaries_irb_status_check', sql`${t.irbStatus} IS NULL OR ${t.irbStatus} IN (1, 2)`),
    check('request_summaries_keywords_check', sql`cardinality(${t.keywords}) <= 3`),
    check('request_summaries_review_cycle_check', sql`${t.reviewCycle} >= 0`),
  ],
);

/** A criterion's score: 1 to 5 when given (staff §5). */
const score = (name: string) => smallint(`${name}_score`);
const scoreInRange = (name: string) => sql.raw(`"${name}_score" IS NULL OR "${name}_score" BETWEEN 1 AND 5`);

/**
 * A reviewer's review of a Research Match application in one review cycle (staff §3 review, §4.3,
 * §5): the six criteria scored 1–5 with strengths and weaknesses, the recommended decision and
 * build merit. Scores stay null until the reviewer gives them (progress New / In Progress /
 * Completed is read from them and the request's status).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    requestId: cascadeRef('request_id', () => requests.id),
    reviewerId: cascadeRef('reviewer_id', () => users.id),
    /** 1 primary, 2 secondary, 3 other (staff §3, foundation §9 reviewer types). */
    reviewerRole: smallint('reviewer_role').notNull(),
    /** The review quarter (YYYY-Qn) and cycle of the request this review belongs to. */
    quarter: text('quarter').notNull(),
    cycle: integer('cycle').notNull().default(1),
    /** The renewal under review in this cycle, when the cycle reviews a renewal. */
    renewalId: integer('renewal_id').references(() => requestRenewals.id, { onDelete: 'set null' }),
    // The six criteria (staff §3 review), each a score and its strengths and weaknesses.
    researchScore: score('research'),
    researchStrengths: answer('research_strengths'),
    researchWeaknesses: answer('research_weaknesses'),
    engagementScore: score('engagement'),
    engagementStrengths: answer('engagement_strengths'),
    engagementWeaknesses: answer('engagement_weaknesses'),
    feasibilityScore: score('feasibility'),
    feasibilityStrengths: answer('feasibility_strengths'),
    feasibilityWeaknesses: answer('feasibility_weaknesses'),
    alignmentScore: score('alignment'),
    alignmentStrengths: answer('alignment_strengths'),
    alignmentWeaknesses: answer('alignment_weaknesses'),
    scientificScore: score('scientific'),
    scientificStrengths: answer('scientific_strengths'),
    scientificWeaknesses: answer('scientific_weaknesses'),
    communityScore: score('community'),
    communityStrengths: answer('community_strengths'),
    communityWeaknesses: answer('community_weaknesses'),
    /** Older flows' 'other' block (staff §3), kept as sent. */
    other: jsonb('other').$type<Record<string, unknown>>(),
    /** Approve, Conditionally Approve, Defer or Reject (staff §4.2 recommended decisions). */
    reviewerDecision: text('reviewer_decision'),
    /** Yes, No or Not Applicable. */
    buildMerit: text('build_merit'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reviews_request_reviewer_cycle_key').on(t.requestId, t.reviewerId, t.cycle),
    index('reviews_reviewer_quarter_idx').on(t.reviewerId, t.quarter),
    index('reviews_quarter_idx').on(t.quarter, t.requestId),
    // Reviews saved in a period: the reviewers' turnaround (decision 270).
    index('reviews_modified_idx').on(t.modified),
    // Completed reviews saved in a period, read from the index alone (the turnaround insights and
    // the reviewer assistant's median over the whole reviewer pool).
    index('reviews_completed_idx')
      .on(t.modified, t.reviewerId, t.requestId)
      .where(REVIEW_COMPLETE_INDEX_PREDICATE),
    check('reviews_reviewer_role_check', sql`${t.reviewerRole} IN (1, 2, 3)`),
    check('reviews_cycle_check', sql`${t.cycle} >= 1`),
    ...RESEARCH_MATCH_CRITERIA.map((name) => check(`reviews_${name}_score_check`, scoreInRange(name))),
    check(
      'reviews_reviewer_decision_check',
      sql`${t.reviewerDecision} IS NULL OR ${t.reviewerDecision} IN ('Approve', 'Conditionally Approve', 'Defer', 'Reject')`,
    ),
    check(
      'reviews_build_merit_check',
      sql`${t.buildMerit} IS NULL OR ${t.buildMerit} IN ('Yes', 'No', 'Not Applicable')`,
    ),
  ],
);

/**
 * A reviewer's answer to the conflict-of-interest question for a request (staff §3 conflict, §4.3,
 * §5): asked before the scoring form opens; Yes needs an explanation and removes them as primary
 * reviewer. One answer per reviewer and request.
 */
export const reviewConflicts = pgTable(
  'review_conflicts',
  {
    id: serial('id').primaryKey(),
    requestId: cascadeRef('request_id', () => requests.id),
    userId: cascadeRef('user_id', () => users.id),
    conflictExists: boolean('conflict_exists').notNull(),
    explanation: answer('explanation'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('review_conflicts_request_user_key').on(t.requestId, t.userId),
    index('review_conflicts_user_idx').on(t.userId),
    check(
      'review_conflicts_explanation_check',
      sql`NOT ${t.conflictExists} OR length(btrim(${t.explanation})) > 0`,
    ),
  ],
);
