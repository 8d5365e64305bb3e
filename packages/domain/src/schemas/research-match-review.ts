import { z } from 'zod';
import {
  BUILD_MERIT_ANSWERS,
  RESEARCH_MATCH_CRITERIA,
  RESEARCH_MATCH_SCORE_MAX,
  RESEARCH_MATCH_SCORE_MIN,
  REVIEWER_DECISIONS,
  type ResearchMatchCriterion,
} from '../constants/research-match';
import { REVIEWER_TYPES } from '../constants/statuses';
import { idSchema } from './safe-input';

/**
 * The Research Match review cycle (staff §2.3–§2.6, §3 review and conflict, §4.3, §5, §7, §8, §9):
 * reviewer roles, conflicts of interest and scored reviews; the review centre, start review, the
 * meeting and the report are in `research-match-review-cycle`. The spec's own words are verbatim;
 * the others are decisions 202–229.
 */
export const REVIEW_MESSAGES = {
  // Staff §8, verbatim.
  conflictNoted: 'Your conflict of interest has been noted.',
  removedAsPrimary: 'We have removed you as the primary reviewer for the given request.',
  movedOne: 'Appliation Moved Successfully',
  movedMany: 'Appliation(s) Moved Successfully',
  movedBody: 'The application has been moved to the review meeting.',
  reportDispatched: 'Research Match report has been dispatched.  Please check your email.',
  reportErrorTitle: 'Error sending Research Match Report',
  reportErrorBody: 'There was an unknown error when sending out the research match report.',
  meetingMissing:
    'Problem loading resources.  It is possible that the quarter for this request has already pass.',
  nothingToReview: 'No research match applications that are applicable for review at this time.',
  noApplications: "You currently don't have any applications to review.",
  noReview: 'No review available.',
  noReviewData: 'No review data is available for this request.',
  noScores: 'No scores available.',
  // Decisions 202–229.
  explanationRequired: 'Please explain your conflict of interest.',
  conflictAnswerRequired: 'Answer Yes or No.',
  conflictWithdrawOnlyAdmin:
    'A declared conflict of interest can only be withdrawn by a Research Match administrator.',
  conflictFirst: 'Answer the conflict of interest question before scoring this application.',
  hasConflict: 'You declared a conflict of interest for this application, so you cannot review it.',
  notAssigned: 'Only the reviewers assigned to this application may review it.',
  ownReviewOnly: 'You can only write your own review.',
  assignmentUnscored:
    'Assigning a reviewer takes an empty review: send the request, reviewer and role without scores or answers.',
  notUnderReview: 'Reviews can only be given or changed while the application is Under Review.',
  alreadyReviewing: 'You have already started a review of this application: save your changes to it instead.',
  scoreRange: `Enter a whole number from ${RESEARCH_MATCH_SCORE_MIN} to ${RESEARCH_MATCH_SCORE_MAX}.`,
  notResearchMatch: 'Only Research Match applications are reviewed and scored here.',
  onePrimary: 'An application has only one primary reviewer.',
  conflictedPrimary: (names: string) =>
    `${names} declared a conflict of interest and cannot be the primary reviewer.`,
  notRmReviewer: (names: string) =>
    `Research Match reviewers must be internal, external or portal reviewers: ${names}.`,
  roleChoice: 'Choose 1 (primary), 2 (secondary) or 3 (other).',
  notAssignedWithRole: 'This reviewer is not assigned to the request in that role.',
  chooseApplications: 'Choose at least one application.',
  dueDateRequired: 'Choose a due date.',
  notNew: (ids: string) => `Only new applications (Submitted) can start review: ${ids}.`,
  notUnderReviewToMove: (ids: string) =>
    `Only applications Under Review can be moved to the review meeting: ${ids}.`,
  reportSubject: 'Research Match report',
} as const;

export const reviewerRoleName = (role: number | null | undefined): string | null =>
  role === null || role === undefined ? null : (REVIEWER_TYPES[role as 1 | 2 | 3] ?? null);

/** The criteria as reviewers and the meeting read them (staff §3 review). */
export const CRITERION_LABELS: Record<ResearchMatchCriterion, string> = {
  research: 'Research',
  engagement: 'Engagement',
  feasibility: 'Feasibility',
  alignment: 'Alignment',
  scientific: 'Scientific',
  community: 'Community',
};

/** Research Match reviewer groups (issue 17; staff §6): ABN reviewers review tissue only. */
export const RESEARCH_MATCH_REVIEWER_ROLES = [
  'internal_reviewer',
  'external_reviewer',
  'portal_reviewer',
] as const;

const reviewerRole = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: REVIEW_MESSAGES.roleChoice,
});

// ---------------------------------------------------------------------------------------------
// Progress (staff §4.3): New, In Progress, Completed — completed once every criterion and the
// recommendation are given, or once the application is no longer under review (decision 206).

export const REVIEW_PROGRESS = ['New', 'In Progress', 'Completed'] as const;
export type ReviewProgress = (typeof REVIEW_PROGRESS)[number];

export interface ReviewFacts {
  scores: readonly (number | null)[];
  /** Whether any comment, the recommendation or build merit was given. */
  anythingElse: boolean;
  recommended: boolean;
}

const UNDER_REVIEW = 3;
const NOT_YET_REVIEWED = [1, 2];

export function reviewProgress(requestStatus: number, review: ReviewFacts | null): ReviewProgress {
  if (requestStatus !== UNDER_REVIEW && !NOT_YET_REVIEWED.includes(requestStatus)) return 'Completed';
  if (!review) return 'New';
  const scored = review.scores.filter((score) => score !== null).length;
  if (scored === RESEARCH_MATCH_CRITERIA.length && review.recommended) return 'Completed';
  return scored > 0 || review.anythingElse || review.recommended ? 'In Progress' : 'New';
}

/** A criterion's average as the meeting shows it: 2 decimals, or '-' when nobody scored it (staff §9). */
export const formatAverage = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : value.toFixed(2);

// ---------------------------------------------------------------------------------------------
// Conflicts of interest (staff §3 conflict, §5, §7 GET/POST/DELETE conflict).

const explanation = z
  .string()
  .max(5000, { error: 'Ensure this field has no more than 5000 characters.' })
  .default('');

/** POST conflict/: explanation, request, user, conflict_exists; Yes needs an explanation. */
export const conflictInputSchema = z
  .strictObject({
    request: idSchema('Choose the request.'),
    /** The reviewer answering; defaults to the caller (only their own answer may be given). */
    user: idSchema('Choose the user.').optional(),
    conflict_exists: z.boolean({ error: REVIEW_MESSAGES.conflictAnswerRequired }),
    explanation,
  })
  .superRefine((value, context) => {
    if (value.conflict_exists && value.explanation.trim().length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['explanation'],
        message: REVIEW_MESSAGES.explanationRequired,
      });
    }
  });
export type ConflictInput = z.infer<typeof conflictInputSchema>;
export type ConflictInputRaw = z.input<typeof conflictInputSchema>;

export const conflictSchema = z.object({
  id: z.number(),
  request: z.number(),
  user: z.union([z.number(), z.object({ id: z.number(), display_name: z.string() })]),
  conflict_exists: z.boolean(),
  explanation: z.string(),
  /** Whether the answer removed the user as primary reviewer. */
  removed_as_primary: z.boolean().optional(),
  created: z.string(),
  modified: z.string(),
  permissions: z.array(z.string()),
});
export type ConflictDto = z.infer<typeof conflictSchema>;

// ---------------------------------------------------------------------------------------------
// Reviews (staff §3 review, §5, §7 GET/POST review).

const commentText = z.string().max(20_000, { error: 'Ensure this field has no more than 20000 characters.' });

/** A score: an integer 1–5, or null to clear it. */
const score = z
  .number({ error: REVIEW_MESSAGES.scoreRange })
  .int({ error: REVIEW_MESSAGES.scoreRange })
  .min(RESEARCH_MATCH_SCORE_MIN, { error: REVIEW_MESSAGES.scoreRange })
  .max(RESEARCH_MATCH_SCORE_MAX, { error: REVIEW_MESSAGES.scoreRange })
  .nullable();

/** One criterion's block: its score with the strengths and weaknesses. */
export const criterionInputSchema = z.strictObject({
  score: score.optional(),
  strengths: commentText.optional(),
  weaknesses: commentText.optional(),
});
export type CriterionInput = z.infer<typeof criterionInputSchema>;

const scoreBlocks = Object.fromEntries(
  RESEARCH_MATCH_CRITERIA.map((criterion) => [criterion, criterionInputSchema.optional()]),
) as Record<ResearchMatchCriterion, z.ZodOptional<typeof criterionInputSchema>>;

const reviewFields = {
  ...scoreBlocks,
  reviewer_decision: z
    .enum(REVIEWER_DECISIONS, { error: `Choose one of: ${REVIEWER_DECISIONS.join(', ')}.` })
    .nullable()
    .optional(),
  build_merit: z
    .enum(BUILD_MERIT_ANSWERS, { error: `Choose one of: ${BUILD_MERIT_ANSWERS.join(', ')}.` })
    .nullable()
    .optional(),
  /** Older flows' 'other' block, kept as sent (staff §3). */
  other: z
    .record(z.string().max(100), z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 50, { error: 'At most 50 entries.' })
    .nullable()
    .optional(),
};

/**
 * POST review/: request, reviewer, reviewer_role, other and the score blocks (staff §7). The
 * reviewer is the caller; the role is the assignment's (a different one sent is refused).
 */
export const createReviewSchema = z.strictObject({
  request: idSchema('Choose the request.'),
  reviewer: idSchema('Choose the reviewer.').optional(),
  reviewer_role: reviewerRole.optional(),
  ...reviewFields,
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;

/** PATCH review/{id}/: any of the score blocks and answers (the autosave). */
export const updateReviewSchema = z.strictObject(reviewFields);
export type UpdateReviewInput = z.infer<typeof updateReviewSchema>;

export const criterionSchema = z.object({
  score: z.number().nullable(),
  strengths: z.string(),
  weaknesses: z.string(),
});
export type CriterionDto = z.infer<typeof criterionSchema>;

export const reviewSchema = z.object({
  id: z.number(),
  request: z.union([
    z.number(),
    z.object({
      id: z.number(),
      portal_request_id: z.string(),
      display_name: z.string(),
      type: z.number(),
      status: z.number(),
      status_name: z.string(),
    }),
  ]),
  reviewer: z.union([z.number(), z.object({ id: z.number(), display_name: z.string() })]),
  reviewer_role: z.number(),
  reviewer_role_name: z.string().nullable(),
  quarter: z.string(),
  cycle: z.number(),
  ...(Object.fromEntries(RESEARCH_MATCH_CRITERIA.map((criterion) => [criterion, criterionSchema])) as Record<
    ResearchMatchCriterion,
    typeof criterionSchema
  >),
  reviewer_decision: z.string().nullable(),
  build_merit: z.string().nullable(),
  other: z.record(z.string(), z.unknown()).nullable(),
  /** The sum of this reviewer's scores (null before any). */
  total: z.number().nullable(),
  progress: z.enum(REVIEW_PROGRESS),
  /** Whether the caller may change it now (its author, while Under Review). */
  editable: z.boolean(),
  created: z.string(),
  modified: z.string(),
  permissions: z.array(z.string()),
});
export type ReviewDto = z.infer<typeof reviewSchema>;

// ---------------------------------------------------------------------------------------------
// Reviewer assignments with roles (staff §3 review_users, reviewer_role; §7 review delete action).

/** One entry of PUT review_users/: a user id, or a user with their role on a Research Match application. */
export const reviewUserInputSchema = z.union([
  idSchema('Enter a user id.'),
  z.strictObject({ id: idSchema('Enter a user id.'), reviewer_role: reviewerRole.nullable().optional() }),
]);

/** The spec's `review delete action`: request, reviewer, role — the reviewer leaves the request. */
export const reviewDeleteSchema = z.strictObject({
  request: idSchema('Choose the request.'),
  reviewer: idSchema('Choose the reviewer.'),
  role: reviewerRole.optional(),
  /** Removing a reviewer with an active review asks first (staff §5). */
  confirm: z.boolean().optional(),
});
export type ReviewDeleteInput = z.infer<typeof reviewDeleteSchema>;
