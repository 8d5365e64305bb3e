import { DECISION_STATUSES, WORKFLOW_STATUS as S } from './transitions';

/**
 * What the turnaround metrics measure (beyond the spec, issue 19, decision 270), in the workflow's
 * own terms so the metrics, the reminders and the expected decision never disagree on a word.
 */

/**
 * Statuses in which a request is an open item waiting on someone — the foundation, the applicant
 * or the team — and so counts in the ageing of open items. Drafts (Created) are the applicant's
 * own unfinished work; the final statuses wait on no one.
 */
export const OPEN_ITEM_STATUSES: readonly number[] = [
  S.submitted,
  S.underReview,
  S.reviewMeeting,
  S.revisionsRequested,
  S.deferred,
  S.conditionallyApproved,
  S.approvedPendingTeam,
  S.approved,
];

/** Approving: Approved, or Approved (Pending Team) while the team completes (staff §4.2). */
export const APPROVAL_STATUSES: readonly number[] = [S.approved, S.approvedPendingTeam];

/**
 * A request's milestones: the first time it entered any of these statuses. Submission to decision
 * runs from `submitted` to `decided`, approval to fulfilment from `approved` to `fulfilled`.
 */
export const TURNAROUND_MILESTONES = {
  submitted: [S.submitted],
  decided: DECISION_STATUSES,
  approved: APPROVAL_STATUSES,
  fulfilled: [S.fulfilled],
} as const satisfies Record<string, readonly number[]>;

/** Days in the current status after which an open item counts as ageing. */
export const AGEING_THRESHOLD_DAYS = [7, 14, 30] as const;

/** The longest period the metrics cover at once. */
export const TURNAROUND_MAX_YEARS = 5;
/** Institutions listed by name in the answer (the slowest); the CSV file has every one. */
export const TURNAROUND_SLOWEST_INSTITUTIONS = 20;
