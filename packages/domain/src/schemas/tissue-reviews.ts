import { z } from 'zod';
import { MAX_ID } from './safe-input';

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
