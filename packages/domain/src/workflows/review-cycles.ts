import type { RequestStatusId } from '../constants/statuses';
import { RESEARCH_MATCH_TYPE } from '../constants/research-match';
import { CART_REQUEST_TYPES, TISSUE_REVIEW_DEFAULT_DAYS } from '../constants/tissue';
import type { Action, Subject } from '../permissions/vocabulary';
import { dueDateAt, dueDateInPast, RESEARCH_MATCH_MESSAGES } from '../schemas/research-match';
import { REVIEW_MESSAGES } from '../schemas/research-match-review';
import { TISSUE_CYCLE_MESSAGES } from '../schemas/tissue-reviews';
import { refusedRequests } from './cycle-selection';
import { WORKFLOW_STATUS as S } from './transitions';

/**
 * The review cycles (staff §2.3–§2.5, §2.4, §4.3; decisions 209, 238, 311) as data, the way
 * `transitions.ts` holds the decision tables: which requests a cycle reviews, who moves them, the
 * stages they move through (each a move of `applyTransition`), the due-date rule and whom Start
 * Review e-mails. The server's review-cycle engine reads these; a third cycle is one more entry.
 */

/** One bulk move of a cycle: every chosen request must be of the cycle's types and in `from`. */
interface ReviewCycleStage {
  from: RequestStatusId;
  to: RequestStatusId;
  /** The 400 naming the chosen requests that may not move (all or none moves). */
  refused: (ids: readonly string[]) => string;
}

export interface ReviewCycle {
  /** The request types the cycle reviews. */
  requestTypes: readonly number[];
  /** The permission that opens the cycle's screens and moves (the routes declare it). */
  permission: { action: Action; subject: Subject };
  /** Start Review, and the move that closes review (to the review meeting, "Make Decision"). */
  stages: { start: ReviewCycleStage; close: ReviewCycleStage };
  /** At most this many new requests are listed for Start Review, oldest first. */
  startListLimit: number;
  dueDate: {
    /** The 400 of a due date before today. */
    past: string;
    /** Reviews opened without a chosen date (by a decision) are due at noon this many days on. */
    defaultDays: number | null;
  };
  /**
   * When every started request must have assigned reviewers (each gets a review to score): the
   * 400 naming those without; null when reviewers are optional.
   */
  withoutReviewers: ((ids: readonly string[]) => string) | null;
  /**
   * Start Review's e-mail: `committee` is one message to the addresses chosen (drafted to the
   * committee's groups), the day written where the body says `[due date]`; `each_reviewer` is one
   * message per assigned reviewer naming their requests, each a link to `reviewPage` + id.
   */
  email:
    | { template: string; to: 'committee'; committeeGroups: readonly string[] }
    | { template: string; to: 'each_reviewer'; reviewPage: string };
}

/** The review cycles of the portal's networks. */
export const REVIEW_CYCLES = {
  researchMatch: {
    requestTypes: [RESEARCH_MATCH_TYPE],
    permission: { action: 'review', subject: 'ReviewCycle' },
    stages: {
      start: {
        from: S.submitted,
        to: S.underReview,
        refused: (ids) => REVIEW_MESSAGES.notNew(ids.join(', ')),
      },
      close: {
        from: S.underReview,
        to: S.reviewMeeting,
        refused: (ids) => REVIEW_MESSAGES.notUnderReviewToMove(ids.join(', ')),
      },
    },
    // A quarter's applications, with room.
    startListLimit: 500,
    dueDate: { past: RESEARCH_MATCH_MESSAGES.dueDatePast, defaultDays: null },
    withoutReviewers: null,
    // Decision 209: the committee is the Research Match reviewers.
    email: {
      template: 'rm_start_review',
      to: 'committee',
      committeeGroups: ['internal_reviewer', 'external_reviewer'],
    },
  },
  tissue: {
    requestTypes: CART_REQUEST_TYPES,
    permission: { action: 'review', subject: 'TissueReview' },
    stages: {
      start: { from: S.submitted, to: S.underReview, refused: TISSUE_CYCLE_MESSAGES.notNew },
      // Review is closed by moving the request to the decision status, Review Meeting ("Make Decision").
      close: { from: S.underReview, to: S.reviewMeeting, refused: TISSUE_CYCLE_MESSAGES.notUnderReview },
    },
    startListLimit: 200,
    dueDate: { past: TISSUE_CYCLE_MESSAGES.dueDate, defaultDays: TISSUE_REVIEW_DEFAULT_DAYS },
    withoutReviewers: TISSUE_CYCLE_MESSAGES.noReviewers,
    email: { template: 'tissue_review_start', to: 'each_reviewer', reviewPage: '/abn-review/' },
  },
} as const satisfies Record<string, ReviewCycle>;

export type ReviewCycleStageKey = keyof ReviewCycle['stages'];

/** Whether a request may take a stage of a cycle: one of the cycle's types, in the stage's status. */
export function mayTakeStage(
  cycle: ReviewCycle,
  stage: ReviewCycleStageKey,
  request: { typeId: number; statusId: number },
): boolean {
  return cycle.requestTypes.includes(request.typeId) && request.statusId === cycle.stages[stage].from;
}

/**
 * The requests that stop a stage's move (unknown ids, then the found ones that may not take it),
 * or the empty list when all may move.
 */
export function refusedForStage<
  Row extends { id: number; portalRequestId: string; typeId: number; statusId: number },
>(
  cycle: ReviewCycle,
  stage: ReviewCycleStageKey,
  chosen: readonly number[],
  found: readonly Row[],
): string[] {
  return refusedRequests(chosen, found, (row) => mayTakeStage(cycle, stage, row));
}

/**
 * When a Start Review's reviews are due: the chosen day at 12:00 UTC (staff §4.3), or the
 * timestamp sent; `past` when it lies before today, null when it is no date at all.
 */
export function chosenDueDate(chosen: string, now: Date = new Date()): Date | 'past' | null {
  const due = dueDateAt(chosen);
  if (!due) return null;
  return dueDateInPast(due, now) ? 'past' : due;
}

/** When reviews opened without a chosen date are due: noon UTC, the cycle's default days on. */
export function defaultDueDate(cycle: ReviewCycle, now: Date): Date | null {
  if (cycle.dueDate.defaultDays === null) return null;
  const due = new Date(now.getTime() + cycle.dueDate.defaultDays * 86_400_000);
  due.setUTCHours(12, 0, 0, 0);
  return due;
}
