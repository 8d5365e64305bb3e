import {
  chosenDueDate,
  defaultDueDate,
  formatDate,
  refusedForStage,
  START_REVIEW_DUE_DATE_TOKEN,
  type Actor,
  type ConflictReasons,
  type ReviewCycle,
  type ReviewCycleStageKey,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { invalid } from '../../platform/http/errors';
import type { EmailService } from '../email/email.service';
import type { ReviewerAssistantService } from '../reviewer-assistant/reviewer-assistant.service';
import * as repo from './review-cycles.repo';

export type { CycleRequest } from './review-cycles.repo';
type CycleRequest = repo.CycleRequest;
type StartedRequest = Pick<CycleRequest, 'id' | 'portalRequestId'>;
type Reviewer = Awaited<ReturnType<typeof repo.assignedReviewers>>[number];

/** The one writer of a request's status (`applyTransition`), as a decision of the actor: the moved row. */
type MoveThroughWorkflow = (
  tx: DbOrTx,
  request: CycleRequest,
  to: number,
  actor: Actor,
  now: Date,
) => Promise<CycleRequest>;

/** Start Review's e-mail as the screen sends it; the committee's carries its own addresses. */
interface StartEmail {
  to?: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  body: string;
}

/**
 * What a network does when its requests start review, in the move's transaction, before the
 * e-mail: Research Match sets its summaries' due date, the tissue network opens a review per reviewer.
 */
export type OnReviewsOpened = (
  tx: DbOrTx,
  rows: readonly StartedRequest[],
  reviewers: readonly Reviewer[],
  due: Date,
) => Promise<void>;

/**
 * The review-cycle engine (staff §2.3–§2.5, §4.3; decisions 209, 238, 311): one implementation of
 * the cycles the domain's `REVIEW_CYCLES` configure. A move takes the chosen requests all or none:
 * it locks them, checks each against the stage (type and status), moves each through the
 * workflow (its history row with it) and queues Start Review's e-mail, in one transaction.
 */
export function createReviewCycleEngine(deps: {
  db: Db;
  email: Pick<EmailService, 'queueAbout'>;
  move: MoveThroughWorkflow;
  publicUrl: string;
  /** Notes in the requests' history why flagged reviewers review them anyway (issue 33). */
  noteConflictReasons?: ReviewerAssistantService['noteStartReasons'];
}) {
  const { db } = deps;

  /** The chosen due date (a day at 12:00 UTC), refused on `due_date` when it is before today. */
  function dueDate(cycle: ReviewCycle, chosen: string, now: Date): Date {
    const due = chosenDueDate(chosen, now);
    if (due === 'past' || due === null) return invalid({ due_date: [cycle.dueDate.past] });
    return due;
  }

  /** Moves the chosen requests through one stage in the caller's transaction; answers the moved rows. */
  async function moveLocked(
    tx: DbOrTx,
    cycle: ReviewCycle,
    stage: ReviewCycleStageKey,
    actor: Actor,
    ids: readonly number[],
    now: Date,
  ): Promise<CycleRequest[]> {
    const rows = await repo.lockRequests(tx, ids);
    const refused = refusedForStage(cycle, stage, ids, rows);
    if (refused.length > 0) invalid({ requests: [cycle.stages[stage].refused(refused)] });
    const moved: CycleRequest[] = [];
    for (const row of rows) moved.push(await deps.move(tx, row, cycle.stages[stage].to, actor, now));
    return moved;
  }

  /** Queues Start Review's e-mail as the cycle sends it (delivered after commit). */
  async function queueStartEmail(
    tx: DbOrTx,
    cycle: ReviewCycle,
    actor: Actor,
    rows: readonly StartedRequest[],
    reviewers: readonly Reviewer[],
    due: Date,
    email: StartEmail,
  ) {
    const recipients = cycle.email;
    if (recipients.to === 'committee') {
      await deps.email.queueAbout(tx, actor, {
        template: recipients.template,
        objectIds: rows.map((row) => row.id),
        to: email.to ?? [],
        cc: email.cc ?? [],
        bcc: email.bcc ?? [],
        subject: email.subject,
        body: email.body.split(START_REVIEW_DUE_DATE_TOKEN).join(formatDate(due.toISOString())),
      });
      return;
    }
    // One e-mail per reviewer, naming the requests they review and where.
    const byReviewer = new Map<string, number[]>();
    for (const entry of reviewers)
      byReviewer.set(entry.email, [...(byReviewer.get(entry.email) ?? []), entry.requestId]);
    for (const [address, requestIds] of byReviewer) {
      const links = rows
        .filter((row) => requestIds.includes(row.id))
        .map((row) => `- ${row.portalRequestId}: ${deps.publicUrl}${recipients.reviewPage}${row.id}`);
      await deps.email.queueAbout(tx, actor, {
        template: recipients.template,
        objectIds: requestIds,
        to: [address],
        subject: email.subject,
        body: `${email.body}\n\nReviews are due by noon on ${formatDate(due)}.\n${links.join('\n')}`,
      });
    }
  }

  /**
   * Requests that just entered review, in the mover's transaction: the cycle may need every one
   * to have assigned reviewers (else nothing is kept), the network opens its reviews, and, with
   * an e-mail, Start Review's e-mail is queued.
   */
  async function reviewsOpened(
    tx: DbOrTx,
    cycle: ReviewCycle,
    actor: Actor,
    rows: readonly StartedRequest[],
    due: Date,
    email: StartEmail | null | undefined,
    opened: OnReviewsOpened,
  ) {
    const reviewers = await repo.assignedReviewers(
      tx,
      rows.map((row) => row.id),
    );
    const without = rows.filter((row) => !reviewers.some((entry) => entry.requestId === row.id));
    if (cycle.withoutReviewers && without.length > 0)
      invalid({ requests: [cycle.withoutReviewers(without.map((row) => row.portalRequestId))] });
    await opened(tx, rows, reviewers, due);
    if (email) await queueStartEmail(tx, cycle, actor, rows, reviewers, due, email);
  }

  return {
    /** The assigned reviewers of these requests as Start Review lists them, primary first, by request. */
    async reviewUsersOf(tx: DbOrTx, ids: readonly number[]) {
      const reviewers = await repo.assignedReviewers(tx, ids);
      return (requestId: number) =>
        reviewers
          .filter((reviewer) => reviewer.requestId === requestId)
          .map((reviewer) => ({
            id: reviewer.userId,
            display_name: reviewer.name,
            reviewer_role: reviewer.reviewerRole,
          }));
    },

    /** Where the committee's e-mail goes: the active members of the cycle's committee groups. */
    committeeAddresses: (tx: DbOrTx, cycle: ReviewCycle) =>
      cycle.email.to === 'committee'
        ? repo.groupEmails(tx, cycle.email.committeeGroups)
        : Promise.resolve([]),

    /** When reviews opened without a chosen date are due (the cycle's default period). */
    defaultDueDate,

    reviewsOpened,

    /**
     * Start Review: the due date is checked first (bad input changes nothing), then in one
     * transaction the chosen requests move to the start stage's status, their reviews open and
     * the e-mail is queued. Answers the moved rows and the due date.
     */
    async start(
      cycle: ReviewCycle,
      actor: Actor,
      input: {
        requests: readonly number[];
        due_date: string;
        email?: StartEmail | null;
        conflict_reasons?: ConflictReasons;
      },
      opened: OnReviewsOpened,
    ) {
      const now = new Date();
      const due = dueDate(cycle, input.due_date, now);
      const ids = [...new Set(input.requests)];
      const moved = await db.transaction(async (tx) => {
        const rows = await moveLocked(tx, cycle, 'start', actor, ids, now);
        await reviewsOpened(tx, cycle, actor, rows, due, input.email, opened);
        const reasons = input.conflict_reasons ?? [];
        if (reasons.length > 0)
          await deps.noteConflictReasons?.(tx, actor, await repo.assignedReviewers(tx, ids), reasons);
        return rows;
      });
      return { moved, due };
    },

    /** Closes review: the chosen requests move to the close stage's status, all or none. */
    async close(cycle: ReviewCycle, actor: Actor, requests: readonly number[]) {
      const ids = [...new Set(requests)];
      return db.transaction((tx) => moveLocked(tx, cycle, 'close', actor, ids, new Date()));
    },
  };
}

export type ReviewCycleEngine = ReturnType<typeof createReviewCycleEngine>;
