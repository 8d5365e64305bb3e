import { z } from 'zod';
import { RESEARCH_MATCH_CRITERIA, type ResearchMatchCriterion } from '../constants/research-match';
import { MAX_ID } from './safe-input';
import { decisionEmailInputSchema } from './decisions';
import { dueDateAt, RESEARCH_MATCH_MESSAGES } from './research-match';
import { criterionSchema, REVIEW_MESSAGES, REVIEW_PROGRESS } from './research-match-review';
import { conflictReasonsSchema } from './reviewer-assistant';

/**
 * The stages of the Research Match review cycle (staff §2.3–§2.5, §4.3, §9): the review centre's
 * tabs, start review, the move to the review meeting, the meeting's averages and the report.
 */
// ---------------------------------------------------------------------------------------------
// The review centre (staff §2.3): tabs of Research Match applications by status.

export interface ReviewCentreTab {
  key: string;
  label: string;
  /** The panel's heading (decision and followup share 'Applications Ready for Decision'). */
  heading: string;
  statuses: readonly number[];
}

/** Administrators' tabs (staff §2.3; which statuses each holds is decision 208). */
export const ADMIN_REVIEW_TABS: readonly ReviewCentreTab[] = [
  { key: 'new', label: 'New Applications', heading: 'New Applications', statuses: [2] },
  { key: 'review', label: 'Applications Under Review', heading: 'Applications Under Review', statuses: [3] },
  {
    key: 'meeting',
    label: 'Applications for Review Meeting',
    heading: 'Applications for Review Meeting',
    statuses: [8],
  },
  {
    key: 'decision',
    label: 'Ready for Decision',
    heading: 'Applications Ready for Decision',
    statuses: [10, 12],
  },
  { key: 'followup', label: 'Follow-up', heading: 'Applications Ready for Decision', statuses: [9] },
];

/** Reviewers' filters: only under review, revisions requested and approved (staff §2.3, §6). */
export const REVIEWER_REVIEW_TABS: readonly ReviewCentreTab[] = [
  { key: 'review', label: 'Under Review', heading: 'Applications Under Review', statuses: [3] },
  { key: 'revisions', label: 'Revisions Requested', heading: 'Revisions Requested', statuses: [6] },
  { key: 'approved', label: 'Approved', heading: 'Approved Applications', statuses: [4] },
];

export const reviewCentreSchema = z.object({
  /** 'all' for staff who see every application, 'own' for reviewers (their assignments). */
  scope: z.enum(['all', 'own']),
  tabs: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      heading: z.string(),
      statuses: z.array(z.number()),
      count: z.number(),
    }),
  ),
  can_start_review: z.boolean(),
  can_move_to_meeting: z.boolean(),
  can_dispatch_report: z.boolean(),
});
export type ReviewCentreDto = z.infer<typeof reviewCentreSchema>;

// ---------------------------------------------------------------------------------------------
// Start review (staff §2.4, §4.3) and the move to the review meeting (staff §2.3, §4.3).

export const startReviewApplicationSchema = z.object({
  id: z.number(),
  portal_request_id: z.string(),
  display_name: z.string(),
  /** The summary's scientific title. */
  scientific_title: z.string(),
  applicant: z.string(),
  institution: z.string().nullable(),
  submission_date: z.string().nullable(),
  /** The open renewal that brought it back, when it is one. */
  renewal: z.object({ id: z.number(), submission_date: z.string().nullable() }).nullable(),
  review_users: z.array(
    z.object({ id: z.number(), display_name: z.string(), reviewer_role: z.number().nullable() }),
  ),
});
export type StartReviewApplication = z.infer<typeof startReviewApplicationSchema>;

/** GET research-match/start-review/: what may start review, and the e-mail panel's draft. */
export const startReviewSchema = z.object({
  applications: z.array(startReviewApplicationSchema),
  email: z.object({
    to: z.array(z.string()),
    cc: z.array(z.string()),
    bcc: z.array(z.string()),
    subject: z.string(),
    body: z.string(),
  }),
});
export type StartReviewDto = z.infer<typeof startReviewSchema>;

const applicationIds = z
  .array(z.number().int().positive().max(MAX_ID), { error: REVIEW_MESSAGES.chooseApplications })
  .min(1, { error: REVIEW_MESSAGES.chooseApplications })
  .max(500);

/** Where Start Review's e-mail names the due date; replaced by the chosen day when sent. */
export const START_REVIEW_DUE_DATE_TOKEN = '[due date]';

/**
 * POST research-match/start-review/: the applications, the due date (a day, stored at 12:00) and
 * the e-mail. Send needs a due date (staff §4.3).
 */
export const startReviewInputSchema = z.strictObject({
  requests: applicationIds,
  due_date: z
    .string({ error: REVIEW_MESSAGES.dueDateRequired })
    .max(40)
    .refine((value) => value.trim().length > 0, { error: REVIEW_MESSAGES.dueDateRequired })
    .refine((value) => value.trim().length === 0 || dueDateAt(value) !== null, {
      error: RESEARCH_MATCH_MESSAGES.dueDateFormat,
    }),
  email: decisionEmailInputSchema.omit({ attachments: true }),
  /** Why flagged reviewers of the chosen applications review them anyway (issue 33; optional). */
  conflict_reasons: conflictReasonsSchema.optional(),
});
export type StartReviewInput = z.infer<typeof startReviewInputSchema>;
export type StartReviewInputRaw = z.input<typeof startReviewInputSchema>;

export const startReviewResultSchema = z.object({ moved: z.array(z.number()), due_date: z.string() });

/** POST research-match/review-meeting/: the selected applications Under Review (staff §2.3). */
export const moveToMeetingInputSchema = z.strictObject({ requests: applicationIds });
export const moveToMeetingResultSchema = z.object({
  moved: z.array(z.number()),
  title: z.string(),
  detail: z.string(),
});

// ---------------------------------------------------------------------------------------------
// The review meeting page (staff §2.5, §9).

export const meetingReviewSchema = z.object({
  id: z.number(),
  reviewer: z.object({ id: z.number(), display_name: z.string() }),
  reviewer_role: z.number(),
  reviewer_role_name: z.string().nullable(),
  ...(Object.fromEntries(RESEARCH_MATCH_CRITERIA.map((criterion) => [criterion, criterionSchema])) as Record<
    ResearchMatchCriterion,
    typeof criterionSchema
  >),
  reviewer_decision: z.string().nullable(),
  build_merit: z.string().nullable(),
  total: z.number().nullable(),
  progress: z.enum(REVIEW_PROGRESS),
  modified: z.string(),
});
export type MeetingReviewDto = z.infer<typeof meetingReviewSchema>;

export const reviewMeetingSchema = z.object({
  request: z.object({
    id: z.number(),
    portal_request_id: z.string(),
    display_name: z.string(),
    status: z.number(),
    status_name: z.string(),
    applicant: z.string(),
    institution: z.string().nullable(),
    submission_date: z.string().nullable(),
  }),
  summary: z.object({
    scientific_title: z.string(),
    scientific_abstract: z.string(),
    research_aim: z.string(),
    hypotheses: z.string(),
    lay_title: z.string(),
    lay_abstract: z.string(),
    study_type: z.array(z.string()),
    category: z.array(z.string()),
    keywords: z.array(z.string()),
    cohort: z.array(z.string()),
    region: z.string(),
    rm_ids: z.array(z.string()),
    due_date: z.string().nullable(),
    review_quarter: z.string(),
    review_cycle: z.number(),
    /** Admin-only (staff §2.5). */
    meeting_notes: z.string().optional(),
  }),
  /** Per criterion across the cycle's reviewers, rounded to 2 decimals; null when nobody scored it. */
  averages: z.record(z.string(), z.number().nullable()),
  /** The sum of the criterion averages (staff §9); null when no score was given. */
  total: z.number().nullable(),
  reviews: z.array(meetingReviewSchema),
  can_edit_notes: z.boolean(),
  can_decide: z.boolean(),
});
export type ReviewMeetingDto = z.infer<typeof reviewMeetingSchema>;

export const reportDispatchSchema = z.object({ detail: z.string() });
