import {
  formatDate,
  refusedRequests,
  REQUEST_STATUSES,
  TISSUE_CYCLE_MESSAGES,
  TISSUE_REVIEW_DEFAULT_DAYS,
  CART_REQUEST_TYPES,
  type Actor,
  type CloseTissueReview,
  type MovedRequests,
  type StartTissueReview,
  type TissueStartReviewDto,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { ValidationError } from '../../platform/http/errors';
import type { EmailService, EmailTemplate } from '../email/email.service';
import * as repo from './tissue-cycle.repo';

const SUBMITTED = 2;
const UNDER_REVIEW = 3;
/** Review is closed by moving the request to the decision status, Review Meeting ("Make Decision"). */
const MAKE_DECISION = 8;

/** Noon UTC, `TISSUE_REVIEW_DEFAULT_DAYS` days on: when reviews opened without a chosen date are due. */
function defaultDue(now: Date): Date {
  const due = new Date(now.getTime() + TISSUE_REVIEW_DEFAULT_DAYS * 86_400_000);
  due.setUTCHours(12, 0, 0, 0);
  return due;
}

/** The e-mail template of Begin Review: the assigned reviewers are told what to review by when. */
export const TISSUE_REVIEW_TEMPLATE = 'tissue_review_start';

/** Moves one request through the workflow (`applyTransition`, the one writer of statuses), locked. */
export type MoveRequest = (
  tx: DbOrTx,
  actor: Actor,
  input: { requestId: number; to: number; now: Date },
) => Promise<{ id: number; portalRequestId: string; statusId: number }>;

const presentMoved = (row: Awaited<ReturnType<MoveRequest>>): MovedRequests['moved'][number] => ({
  id: row.id,
  portal_request_id: row.portalRequestId,
  status: row.statusId,
  status_name: REQUEST_STATUSES[row.statusId as keyof typeof REQUEST_STATUSES] ?? '',
});

/** The template's draft: the requests to review and where to review them. */
export function tissueReviewEmailTemplate(context: {
  publicUrl: string;
  productName: string;
}): EmailTemplate {
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
          ...rows.map((row) => `- ${row.portalRequestId}: ${context.publicUrl}/abn-review/${row.id}`),
        ].join('\n'),
      };
    },
  };
}

/**
 * The tissue review cycle (staff §2.4, §4.3; decision 238): Begin Review moves new pilot tissue and
 * tissue requests with assigned reviewers to Under Review, opens a review per reviewer with the due
 * date and e-mails the reviewers; closing review moves requests under review to Make Decision.
 * All or nothing: one request that may not move stops the whole call.
 */
export function createTissueCycleService(deps: {
  db: Db;
  email: Pick<EmailService, 'queueAbout'>;
  move: MoveRequest;
  publicUrl: string;
  productName: string;
}) {
  const { db } = deps;

  const fail = (field: string, message: string): never => {
    throw new ValidationError({ [field]: [message] });
  };

  /** The e-mail the Begin Review screen starts from, and the one a decision to Under Review sends. */
  const draftEmail = () => ({
    subject: `${deps.productName}: tissue requests to review`,
    body: [
      'Dear reviewer,',
      '',
      'The Autism BrainNet tissue requests below have been assigned to you for review.',
      'Please open each one, score it and submit your review by the due date.',
    ].join('\n'),
  });

  /**
   * What Begin Review gives requests that just moved to Under Review, in the mover's transaction:
   * every request must have assigned reviewers (else nothing is kept), each reviewer gets a review
   * due on `due`, and, with an e-mail, one message naming the due date and their requests.
   */
  async function openReviewsOf(
    tx: DbOrTx,
    actor: Actor,
    rows: readonly { id: number; portalRequestId: string }[],
    due: Date,
    email: StartTissueReview['email'],
  ) {
    const ids = rows.map((row) => row.id);
    const reviewers = await repo.reviewersOf(tx, ids);
    const without = rows.filter((row) => !reviewers.some((entry) => entry.requestId === row.id));
    if (without.length > 0)
      fail('requests', TISSUE_CYCLE_MESSAGES.noReviewers(without.map((row) => row.portalRequestId)));
    await repo.openReviews(
      tx,
      reviewers.map((entry) => ({ requestId: entry.requestId, reviewerId: entry.userId })),
      due,
    );
    if (!email) return;
    // One e-mail per reviewer, naming the requests they review and where.
    const byReviewer = new Map<string, number[]>();
    for (const entry of reviewers)
      byReviewer.set(entry.email, [...(byReviewer.get(entry.email) ?? []), entry.requestId]);
    for (const [address, requestIds] of byReviewer) {
      const links = rows
        .filter((row) => requestIds.includes(row.id))
        .map((row) => `- ${row.portalRequestId}: ${deps.publicUrl}/abn-review/${row.id}`);
      await deps.email.queueAbout(tx, actor, {
        template: TISSUE_REVIEW_TEMPLATE,
        objectIds: requestIds,
        to: [address],
        subject: email.subject,
        body: `${email.body}\n\nReviews are due by noon on ${formatDate(due)}.\n${links.join('\n')}`,
      });
    }
  }

  async function checked(
    tx: DbOrTx,
    ids: readonly number[],
    status: number,
    message: (ids: string[]) => string,
  ) {
    const rows = await repo.requestsByIds(tx, ids);
    const wrong = refusedRequests(
      ids,
      rows,
      (row) => CART_REQUEST_TYPES.includes(row.typeId) && row.statusId === status,
    );
    if (wrong.length > 0) fail('requests', message(wrong));
    return rows;
  }

  return {
    /**
     * GET abn_tissue/start-review/: the new pilot tissue and tissue requests with their assigned
     * reviewers (two queries), and the e-mail draft each reviewer receives with their own links.
     */
    async startDraft(): Promise<TissueStartReviewDto> {
      const rows = await repo.newTissueRequests(db);
      const reviewers = await repo.reviewersOf(
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
          review_users: reviewers
            .filter((entry) => entry.requestId === row.id)
            .map((entry) => ({
              id: entry.userId,
              display_name: `${entry.firstName} ${entry.lastName}`.trim(),
            })),
        })),
        email: draftEmail(),
      };
    },

    /** POST abn_tissue/start-review/ */
    async start(actor: Actor, input: StartTissueReview): Promise<MovedRequests> {
      const now = new Date();
      const due = new Date(`${input.due_date}T12:00:00Z`);
      if (input.due_date < now.toISOString().slice(0, 10)) fail('due_date', TISSUE_CYCLE_MESSAGES.dueDate);
      const moved = await db.transaction(async (tx) => {
        const rows = await checked(tx, input.requests, SUBMITTED, TISSUE_CYCLE_MESSAGES.notNew);
        const result = [];
        for (const row of rows)
          result.push(await deps.move(tx, actor, { requestId: row.id, to: UNDER_REVIEW, now }));
        await openReviewsOf(tx, actor, rows, due, input.email);
        return result;
      });
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
      if (!rows[0] || !CART_REQUEST_TYPES.includes(rows[0].typeId)) return false;
      await openReviewsOf(tx, actor, rows, defaultDue(now), draftEmail());
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
      if (userIds.length === 0 || request.statusId !== UNDER_REVIEW) return;
      if (!CART_REQUEST_TYPES.includes(request.typeId)) return;
      const due = (await repo.reviewDueDate(tx, request.id)) ?? defaultDue(new Date());
      await repo.openReviews(
        tx,
        userIds.map((reviewerId) => ({ requestId: request.id, reviewerId })),
        due,
      );
    },

    /** POST abn_tissue/close-review/ */
    async close(actor: Actor, input: CloseTissueReview): Promise<MovedRequests> {
      const now = new Date();
      const moved = await db.transaction(async (tx) => {
        const rows = await checked(tx, input.requests, UNDER_REVIEW, TISSUE_CYCLE_MESSAGES.notUnderReview);
        const result = [];
        for (const row of rows)
          result.push(await deps.move(tx, actor, { requestId: row.id, to: MAKE_DECISION, now }));
        return result;
      });
      return {
        msg: TISSUE_CYCLE_MESSAGES.moved,
        detail: TISSUE_CYCLE_MESSAGES.movedText,
        moved: moved.map(presentMoved),
      };
    },
  };
}

export type TissueCycleService = ReturnType<typeof createTissueCycleService>;
