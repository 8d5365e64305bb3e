import {
  REQUEST_STATUSES,
  REVIEW_CYCLES,
  TISSUE_CYCLE_MESSAGES,
  type Actor,
  type CloseTissueReview,
  type MovedRequests,
  type StartTissueReview,
  type TissueStartReviewDto,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import type { EmailService, EmailTemplate } from '../email/email.service';
import type {
  CycleRequest,
  OnReviewsOpened,
  ReviewCycleEngine,
} from '../review-cycles/review-cycles.service';
import * as repo from './tissue-cycle.repo';

const CYCLE = REVIEW_CYCLES.tissue;

const presentMoved = (row: CycleRequest): MovedRequests['moved'][number] => ({
  id: row.id,
  portal_request_id: row.portalRequestId,
  status: row.statusId,
  status_name: REQUEST_STATUSES[row.statusId as keyof typeof REQUEST_STATUSES] ?? '',
});

/** Each assigned reviewer gets a review due on the cycle's due date (an existing one keeps its answers). */
const openReviews: OnReviewsOpened = (tx, _rows, reviewers, due) =>
  repo.openReviews(
    tx,
    reviewers.map((entry) => ({ requestId: entry.requestId, reviewerId: entry.userId })),
    due,
  );

/** The template's draft: the requests to review and where to review them. */
function tissueReviewEmailTemplate(context: { publicUrl: string; productName: string }): EmailTemplate {
  return {
    modelName: 'request',
    existing: (db, ids) => repo.requestExists(db, ids),
    async draft(db, ids) {
      const rows = await repo.requestsByIds(db, ids);
      return {
        to: [],
        subject: `${context.productName}: tissue requests to review`,
        body: [
          'Dear reviewer,',
          '',
          'The following tissue requests are ready for your review:',
          ...rows.map(
            (row) => `- ${row.portalRequestId}: ${context.publicUrl}${CYCLE.email.reviewPage}${row.id}`,
          ),
        ].join('\n'),
      };
    },
  };
}

/**
 * The tissue review cycle (staff §2.4, §4.3; decision 238), the engine configured by
 * `REVIEW_CYCLES.tissue`: Begin Review moves new pilot tissue and tissue requests with assigned
 * reviewers to Under Review, opens a review per reviewer with the due date and e-mails the
 * reviewers; closing review moves requests under review to Make Decision. All or nothing: one
 * request that may not move stops the whole call.
 */
export function createTissueCycleService(deps: {
  db: Db;
  cycles: ReviewCycleEngine;
  email: Pick<EmailService, 'registerTemplate'>;
  emailContext: { publicUrl: string; productName: string };
}) {
  const { db, cycles } = deps;
  deps.email.registerTemplate(CYCLE.email.template, tissueReviewEmailTemplate(deps.emailContext));

  /** The e-mail the Begin Review screen starts from, and the one a decision to Under Review sends. */
  const draftEmail = () => ({
    subject: `${deps.emailContext.productName}: tissue requests to review`,
    body: [
      'Dear reviewer,',
      '',
      'The Autism BrainNet tissue requests below have been assigned to you for review.',
      'Please open each one, score it and submit your review by the due date.',
    ].join('\n'),
  });

  return {
    /**
     * GET abn_tissue/start-review/: the new pilot tissue and tissue requests with their assigned
     * reviewers (two queries), and the e-mail draft each reviewer receives with their own links.
     */
    async startDraft(): Promise<TissueStartReviewDto> {
      const rows = await repo.newTissueRequests(db);
      const reviewUsers = await cycles.reviewUsersOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        requests: rows.map((row) => ({
          id: row.id,
          portal_request_id: row.portalRequestId,
          type: row.typeId,
          display_name: row.displayName,
          applicant: row.applicant,
          institution: row.institution,
          submission_date: row.submissionDate?.toISOString() ?? null,
          // Without `reviewer_role`: the tissue network has no reviewer roles.
          review_users: reviewUsers(row.id).map(({ id, display_name }) => ({ id, display_name })),
        })),
        email: draftEmail(),
      };
    },

    /** POST abn_tissue/start-review/ */
    async start(actor: Actor, input: StartTissueReview): Promise<MovedRequests> {
      const { moved } = await cycles.start(CYCLE, actor, input, openReviews);
      return {
        msg: TISSUE_CYCLE_MESSAGES.moved,
        detail: `${moved.length} request${moved.length === 1 ? '' : 's'} moved to Under Review.`,
        moved: moved.map(presentMoved),
      };
    },

    /**
     * A decision that moved a pilot tissue or tissue request to Under Review (`PATCH request/{id}/
     * {status: 3}`, `POST request/{id}/decision/`) is Begin Review of that request: in the
     * decision's transaction its reviewers (there must be some) get their reviews, due at noon
     * `TISSUE_REVIEW_DEFAULT_DAYS` days on, and the Begin Review screen's e-mail (decision 311).
     * Answers whether e-mails were queued.
     */
    async startedByDecision(tx: DbOrTx, actor: Actor, requestId: number, now: Date): Promise<boolean> {
      const rows = await repo.requestsByIds(tx, [requestId]);
      if (!rows[0] || !CYCLE.requestTypes.includes(rows[0].typeId)) return false;
      await cycles.reviewsOpened(
        tx,
        CYCLE,
        actor,
        rows,
        cycles.defaultDueDate(CYCLE, now)!,
        draftEmail(),
        openReviews,
      );
      return true;
    },

    /**
     * Reviewers added to a pilot tissue or tissue request already Under Review get their review
     * too, due when the others' are (after the default period when none is), so that they have
     * something to score; in the transaction of the assignment.
     */
    async reviewersAdded(
      tx: DbOrTx,
      request: { id: number; typeId: number; statusId: number },
      userIds: readonly number[],
    ): Promise<void> {
      if (userIds.length === 0 || request.statusId !== CYCLE.stages.start.to) return;
      if (!CYCLE.requestTypes.includes(request.typeId)) return;
      const due = (await repo.reviewDueDate(tx, request.id)) ?? cycles.defaultDueDate(CYCLE, new Date())!;
      await repo.openReviews(
        tx,
        userIds.map((reviewerId) => ({ requestId: request.id, reviewerId })),
        due,
      );
    },

    /** POST abn_tissue/close-review/ */
    async close(actor: Actor, input: CloseTissueReview): Promise<MovedRequests> {
      const moved = await cycles.close(CYCLE, actor, input.requests);
      return {
        msg: TISSUE_CYCLE_MESSAGES.moved,
        detail: TISSUE_CYCLE_MESSAGES.movedText,
        moved: moved.map(presentMoved),
      };
    },
  };
}

export type TissueCycleService = ReturnType<typeof createTissueCycleService>;
