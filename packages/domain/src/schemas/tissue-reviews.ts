import { z } from 'zod';
import { MAX_ID } from './safe-input';
import { conflictReasonsSchema } from './reviewer-assistant';
import {
  TISSUE_REVIEW_COMMENTS,
  TISSUE_REVIEW_CRITERIA,
  TISSUE_SCORE,
  type TissueReviewComment,
  type TissueReviewCriterion,
} from '../constants/tissue';

/**
 * The tissue review cycle (staff §2.4, §2.6, §2.7, §4.3; decisions 237, 238): the ABN dashboard's
 * counts, Begin Review and the bulk close of review.
 */
export const TISSUE_CYCLE_MESSAGES = {
  chooseRequests: 'Choose at least one request.',
  noReviewers: (ids: readonly string[]) =>
    `These requests have no assigned reviewers: ${ids.join(', ')}. Assign reviewers on the request first.`,
  notNew: (ids: readonly string[]) => `These requests are not new tissue requests: ${ids.join(', ')}.`,
  notUnderReview: (ids: readonly string[]) =>
    `These requests are not tissue requests under review: ${ids.join(', ')}.`,
  dueDate: 'Choose a due date that is not in the past.',
  nothingToReview: 'No tissue requests that are applicable for review at this time.',
  /** Staff §2.3, §8: 'Appliation(s) Moved Successfully' (sic). */
  moved: 'Appliation(s) Moved Successfully',
  movedText: 'The application has been moved to Make Decision.',
} as const;

const requestIds = z
  .array(
    z.coerce
      .number({ error: TISSUE_CYCLE_MESSAGES.chooseRequests })
      .int()
      .positive()
      .max(MAX_ID, { error: TISSUE_CYCLE_MESSAGES.chooseRequests }),
    { error: TISSUE_CYCLE_MESSAGES.chooseRequests },
  )
  .min(1, { error: TISSUE_CYCLE_MESSAGES.chooseRequests })
  .max(200)
  .transform((ids) => [...new Set(ids)]);

/** POST abn_tissue/start-review/: new tissue requests with reviewers go to Under Review. */
export const startTissueReviewSchema = z.strictObject({
  requests: requestIds,
  due_date: z.iso.date({ error: TISSUE_CYCLE_MESSAGES.dueDate }),
  /** The e-mail to the assigned reviewers; none is sent without it. */
  email: z
    .strictObject({
      subject: z.string().trim().min(1, { error: 'Fields cannot be blank.' }).max(255),
      body: z.string().trim().min(1, { error: 'Fields cannot be blank.' }).max(50_000),
    })
    .nullish(),
  /** Why flagged reviewers of the chosen requests review them anyway (issue 33; optional). */
  conflict_reasons: conflictReasonsSchema.optional(),
});
export type StartTissueReview = z.infer<typeof startTissueReviewSchema>;

/** GET abn_tissue/start-review/: the new tissue requests, their reviewers and the e-mail draft. */
export const tissueStartReviewSchema = z.object({
  requests: z.array(
    z.object({
      id: z.number(),
      portal_request_id: z.string(),
      type: z.number(),
      display_name: z.string(),
      applicant: z.string(),
      institution: z.string().nullable(),
      submission_date: z.string().nullable(),
      review_users: z.array(z.object({ id: z.number(), display_name: z.string() })),
    }),
  ),
  email: z.object({ subject: z.string(), body: z.string() }),
});
export type TissueStartReviewDto = z.infer<typeof tissueStartReviewSchema>;

/** POST abn_tissue/close-review/: tissue requests under review go to Make Decision (Review Meeting). */
export const closeTissueReviewSchema = z.strictObject({ requests: requestIds });
export type CloseTissueReview = z.infer<typeof closeTissueReviewSchema>;

export const movedRequestsSchema = z.object({
  msg: z.string(),
  detail: z.string(),
  moved: z.array(
    z.object({ id: z.number(), portal_request_id: z.string(), status: z.number(), status_name: z.string() }),
  ),
});
export type MovedRequests = z.infer<typeof movedRequestsSchema>;

/** GET abn_dashboard/: each tab's count, among the requests the caller may read. */
export const abnDashboardSchema = z.object({
  tabs: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })),
});
export type AbnDashboardDto = z.infer<typeof abnDashboardSchema>;

/** The tissue review form (staff §2.6, §3 review's tissue criteria, §5, §9; decision 240). */
export const TISSUE_REVIEW_MESSAGES = {
  score: 'A score is a whole number from 0 to 50 in steps of 5.',
  notUnderReview: 'This review can be changed only while the request is Under Review.',
  /** Staff §2.6. */
  saved: 'Review has been saved',
  noReviews: 'No review available.',
} as const;

const scoreField = z
  .number({ error: TISSUE_REVIEW_MESSAGES.score })
  .int({ error: TISSUE_REVIEW_MESSAGES.score })
  .min(TISSUE_SCORE.min, { error: TISSUE_REVIEW_MESSAGES.score })
  .max(TISSUE_SCORE.max, { error: TISSUE_REVIEW_MESSAGES.score })
  .multipleOf(TISSUE_SCORE.step, { error: TISSUE_REVIEW_MESSAGES.score })
  .nullable();
const commentField = z.string().max(20_000);

/** PATCH tissue_review/{id}/: any of the scores and comments; `submit` marks it submitted. */
export const updateTissueReviewSchema = z.strictObject({
  ...(Object.fromEntries(
    TISSUE_REVIEW_CRITERIA.flatMap((criterion) => [
      [`${criterion}_score`, scoreField.optional()],
      [`${criterion}_comment`, commentField.optional()],
    ]),
  ) as Record<`${TissueReviewCriterion}_score`, z.ZodOptional<typeof scoreField>> &
    Record<`${TissueReviewCriterion}_comment`, z.ZodOptional<typeof commentField>>),
  ...(Object.fromEntries(
    TISSUE_REVIEW_COMMENTS.map((name) => [`${name}_comment`, commentField.optional()]),
  ) as Record<`${TissueReviewComment}_comment`, z.ZodOptional<typeof commentField>>),
  submit: z.boolean().optional(),
});
export type UpdateTissueReview = z.infer<typeof updateTissueReviewSchema>;

/** The answers of a tissue review, as the API writes them. */
export type TissueReviewAnswers = Record<`${TissueReviewCriterion}_score`, number | null> &
  Record<`${TissueReviewCriterion}_comment` | `${TissueReviewComment}_comment`, string>;

const answersShape = {
  ...(Object.fromEntries(
    TISSUE_REVIEW_CRITERIA.flatMap((criterion) => [
      [`${criterion}_score`, z.number().nullable()],
      [`${criterion}_comment`, z.string()],
    ]),
  ) as Record<`${TissueReviewCriterion}_score`, z.ZodNullable<z.ZodNumber>> &
    Record<`${TissueReviewCriterion}_comment`, z.ZodString>),
  ...(Object.fromEntries(TISSUE_REVIEW_COMMENTS.map((name) => [`${name}_comment`, z.string()])) as Record<
    `${TissueReviewComment}_comment`,
    z.ZodString
  >),
};

export const tissueReviewSchema = z.object({
  id: z.number(),
  request: z.number(),
  reviewer: z.object({ id: z.number(), display_name: z.string() }),
  due_date: z.string().nullable(),
  submitted_at: z.string().nullable(),
  /** Share of the criteria and comment-only fields with a score or comment, 0 to 1. */
  progress: z.number(),
  /** The caller may change it now: their own review of a request under review. */
  editable: z.boolean(),
  ...answersShape,
});
export type TissueReviewDto = z.infer<typeof tissueReviewSchema>;

/** GET request/{id}/tissue-reviews/: the reviews the caller reads, the averages and their mean. */
export const requestTissueReviewsSchema = z.object({
  reviews: z.array(tissueReviewSchema),
  criterion_averages: z.record(z.string(), z.number().nullable()),
  mean_score: z.number().nullable(),
});
export type RequestTissueReviewsDto = z.infer<typeof requestTissueReviewsSchema>;

/**
 * Review progress for a tissue request (staff §4.3): the share of its fields — each criterion
 * (score or comment) and each comment-only field — that hold a score or a comment.
 */
export function tissueReviewProgress(answers: TissueReviewAnswers): number {
  const filled =
    TISSUE_REVIEW_CRITERIA.filter(
      (criterion) => answers[`${criterion}_score`] !== null || answers[`${criterion}_comment`].trim() !== '',
    ).length + TISSUE_REVIEW_COMMENTS.filter((name) => answers[`${name}_comment`].trim() !== '').length;
  return filled / (TISSUE_REVIEW_CRITERIA.length + TISSUE_REVIEW_COMMENTS.length);
}

/**
 * Each criterion's average across reviewers (null when nobody scored it), and the tissue total:
 * the mean of the criterion averages (staff §9), both to 2 decimals.
 */
export function tissueScoreSummary(reviews: readonly TissueReviewAnswers[]): {
  averages: Record<TissueReviewCriterion, number | null>;
  mean: number | null;
} {
  const round = (value: number) => Math.round(value * 100) / 100;
  const averages = Object.fromEntries(
    TISSUE_REVIEW_CRITERIA.map((criterion) => {
      const scores = reviews
        .map((review) => review[`${criterion}_score`])
        .filter((score): score is number => score !== null);
      return [
        criterion,
        scores.length === 0 ? null : round(scores.reduce((sum, score) => sum + score, 0) / scores.length),
      ];
    }),
  ) as Record<TissueReviewCriterion, number | null>;
  const given = Object.values(averages).filter((value): value is number => value !== null);
  return {
    averages,
    mean: given.length === 0 ? null : round(given.reduce((sum, value) => sum + value, 0) / given.length),
  };
}
