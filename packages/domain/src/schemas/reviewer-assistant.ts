import { z } from 'zod';
import { RESEARCH_MATCH_RENEWAL_REQUEST_TYPE, RESEARCH_MATCH_TYPE } from '../constants/research-match';
import { REVIEWER_ROLES } from '../constants/roles';
import { CART_REQUEST_TYPES } from '../constants/tissue';
import { pageSchema } from './reference';
import { RESEARCH_MATCH_REVIEWER_ROLES } from './research-match-review';
import { idSchema } from './safe-input';

/**
 * The reviewer assignment assistant (beyond the spec, issue 33): suggested reviewers for a
 * request ranked by their open load and turnaround, likely conflicts of interest in words, the
 * reasons staff give for assigning a flagged reviewer anyway, and every reviewer's workload.
 */

export const SUGGESTIONS_DEFAULT_LIMIT = 20;
export const SUGGESTIONS_MAX_LIMIT = 100;
export const CONFLICT_REASON_MAX_LENGTH = 1000;
/** An open review is due soon when its due date is within this many days from today. */
export const DUE_SOON_DAYS = 7;

export const REVIEWER_ASSISTANT_MESSAGES = {
  limit: `Enter a whole number from 1 to ${SUGGESTIONS_MAX_LIMIT}.`,
  reasonBlank: 'Enter the reason for assigning this reviewer despite the conflict.',
  reasonTooLong: `Ensure the reason has no more than ${CONFLICT_REASON_MAX_LENGTH} characters.`,
  reasonTwice: 'Give one reason per reviewer.',
  /** A reason names a reviewer this call does not newly assign (or start the review of). */
  reasonNotNew: (names: string) =>
    `A conflict reason can only be given for a reviewer being newly assigned: ${names}.`,
} as const;

/**
 * The groups whose members may review a request of this type (staff §6, §232: tissue requests use
 * the ABN reviewer groups; Research Match applications the Research Match reviewer groups).
 */
export function reviewerGroupsFor(typeId: number): readonly string[] {
  if (typeId === RESEARCH_MATCH_TYPE || typeId === RESEARCH_MATCH_RENEWAL_REQUEST_TYPE)
    return RESEARCH_MATCH_REVIEWER_ROLES;
  if (CART_REQUEST_TYPES.includes(typeId)) return ['abn_reviewer'];
  return REVIEWER_ROLES;
}

export const CONFLICT_KINDS = ['institution', 'research_team', 'declared'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/** Each kind of likely conflict of interest, in one sentence. */
export const CONFLICT_REASONS = {
  applicantInstitution: (institution: string) => `Works at ${institution}, the applicant's institution.`,
  memberInstitution: (institution: string, member: string) =>
    `Works at ${institution}, the institution of team member ${member}.`,
  researchTeam: (project: string) => `Was on the research team of project '${project}' with the applicant.`,
  declared: (request: string) => `Declared a conflict with this applicant on request ${request}.`,
} as const;

export const reviewerConflictSchema = z.object({
  kind: z.enum(CONFLICT_KINDS),
  reason: z.string(),
});
export type ReviewerConflict = z.infer<typeof reviewerConflictSchema>;

/** GET request/{id}/reviewer-suggestions/?limit= */
export const reviewerSuggestionsQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: REVIEWER_ASSISTANT_MESSAGES.limit })
    .int({ error: REVIEWER_ASSISTANT_MESSAGES.limit })
    .min(1, { error: REVIEWER_ASSISTANT_MESSAGES.limit })
    .max(SUGGESTIONS_MAX_LIMIT, { error: REVIEWER_ASSISTANT_MESSAGES.limit })
    .default(SUGGESTIONS_DEFAULT_LIMIT),
});
export type ReviewerSuggestionsQuery = z.infer<typeof reviewerSuggestionsQuerySchema>;

/** A reviewer's load: what is open, due within 7 days, overdue, and their recent turnaround. */
const loadFields = {
  open_reviews: z.number().int(),
  due_soon: z.number().int(),
  overdue: z.number().int(),
  /** Median days from assignment (or the start of review) to completion, over the last 12 months. */
  median_days_to_complete: z.number().nullable(),
  completed_last_year: z.number().int(),
};

export const reviewerSuggestionSchema = z.object({
  user: z.object({
    id: z.number(),
    display_name: z.string(),
    email: z.string(),
    /** Their primary current affiliation. */
    institution: z.object({ id: z.number(), name: z.string() }).nullable(),
  }),
  /** Their reviewer groups among those the request's flow allows. */
  groups: z.array(z.string()),
  ...loadFields,
  conflicts: z.array(reviewerConflictSchema),
});
export type ReviewerSuggestion = z.infer<typeof reviewerSuggestionSchema>;

export const reviewerSuggestionsSchema = z.object({
  request: z.number(),
  reviewer_groups: z.array(z.string()),
  results: z.array(reviewerSuggestionSchema),
});
export type ReviewerSuggestions = z.infer<typeof reviewerSuggestionsSchema>;

/**
 * Why a flagged reviewer is assigned anyway: on `PUT request/{id}/review_users/` and the Start
 * Review / Begin Review POSTs. On Start Review, `request` narrows a reason to one of the chosen
 * requests (without it, the reason is the user's on every chosen request).
 */
export const conflictReasonsSchema = z
  .array(
    z.strictObject({
      user: idSchema(),
      request: idSchema().optional(),
      reason: z
        .string({ error: REVIEWER_ASSISTANT_MESSAGES.reasonBlank })
        .trim()
        .min(1, { error: REVIEWER_ASSISTANT_MESSAGES.reasonBlank })
        .max(CONFLICT_REASON_MAX_LENGTH, { error: REVIEWER_ASSISTANT_MESSAGES.reasonTooLong }),
    }),
  )
  .max(500)
  .refine(
    (reasons) =>
      new Set(reasons.map((entry) => `${entry.user}:${entry.request ?? ''}`)).size === reasons.length,
    { error: REVIEWER_ASSISTANT_MESSAGES.reasonTwice },
  );
export type ConflictReasons = z.infer<typeof conflictReasonsSchema>;

/** A row of GET reviewer-workload/. */
export const reviewerWorkloadRowSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string(),
  groups: z.array(z.string()),
  ...loadFields,
});
export type ReviewerWorkloadRow = z.infer<typeof reviewerWorkloadRowSchema>;
export const reviewerWorkloadPageSchema = pageSchema(reviewerWorkloadRowSchema);

export const REVIEW_LOAD_STATES = ['open', 'due_soon', 'overdue'] as const;
export type ReviewLoadState = (typeof REVIEW_LOAD_STATES)[number];

/** GET reviewer-workload/{id}/: the row and the reviewer's open reviews, soonest due first. */
export const reviewerWorkloadDetailSchema = reviewerWorkloadRowSchema.extend({
  reviews: z.array(
    z.object({
      request: z.object({ id: z.number(), display_name: z.string(), type: z.number() }),
      /** 'Primary', 'Secondary', 'Other' (Research Match) or 'Reviewer'. */
      role: z.string(),
      due_date: z.string().nullable(),
      state: z.enum(REVIEW_LOAD_STATES),
    }),
  ),
});
export type ReviewerWorkloadDetail = z.infer<typeof reviewerWorkloadDetailSchema>;
