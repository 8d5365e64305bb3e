import {
  can,
  RESEARCH_MATCH_CRITERIA,
  RESEARCH_MATCH_TYPES,
  REVIEW_MESSAGES,
  REVIEWER_ROLE,
  WORKFLOW_STATUS,
  type Actor,
  type ConflictDto,
  type ConflictInput,
  type CreateReviewInput,
  type ReviewDto,
  type ReviewUsersDto,
  type UpdateReviewInput,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { inPageOrder, parseListQuery, selectPageIds, type ParsedList } from '../../platform/list';
import { conflictList, reviewList } from './review.lists';
import { presentConflict, presentReview, reviewValues } from './review.presenter';
import * as repo from './review.repo';

type Query = Record<string, string | undefined>;

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** A review with nothing in it: no score, comment, recommendation or `other` entry. */
function isEmptyReview(input: CreateReviewInput): boolean {
  const blocks = RESEARCH_MATCH_CRITERIA.map((criterion) => input[criterion]);
  return (
    blocks.every((block) => !block || Object.values(block).every(blank)) &&
    blank(input.reviewer_decision) &&
    blank(input.build_merit) &&
    Object.values(input.other ?? {}).every(blank)
  );
}

/**
 * Research Match reviews and conflicts of interest (staff §2.6, §3, §4.3, §5, §7): an assigned
 * reviewer answers the conflict question first; Yes (with an explanation) takes them off the
 * primary role and closes the scoring form to them; No opens it while the application is Under
 * Review. Every write is audited.
 */
export function createReviewService(deps: {
  db: Db;
  /** The request as the permission conditions read it, or null when the caller may not see it. */
  requestSubject: (tx: DbOrTx, id: number, actor: Actor) => Promise<object | null>;
  /** Staff assigning a reviewer (the request staff panel's list, one entry added). */
  assign: (
    actor: Actor,
    input: { request: number; reviewer: number; reviewer_role?: number },
  ) => Promise<ReviewUsersDto>;
}) {
  const { db } = deps;

  /** The scoring context of a request the caller may see (404 otherwise). */
  async function visibleContext(tx: DbOrTx, actor: Actor, requestId: number, lock = false) {
    const subject = await deps.requestSubject(tx, requestId, actor);
    if (!subject || !can(actor, 'read', 'Request', subject)) throw new NotFoundError();
    const context = await repo.scoringContext(tx, requestId, actor.userId, lock);
    if (!context) throw new NotFoundError();
    return context;
  }

  /** The subject of the scoring grants: the caller's assignment and conflict, and the author. */
  const scoringSubject = (actor: Actor, context: repo.ScoringContext, authorId?: number) => ({
    reviewerIds: context.assigned !== null ? [actor.userId] : [],
    conflictedIds: context.conflict?.conflictExists ? [actor.userId] : [],
    ...(authorId !== undefined ? { authorId } : {}),
  });

  /**
   * The rules of scoring, in the order a reviewer meets them: an assigned reviewer (403), without
   * a conflict (403), who answered the question (400), on an application Under Review (400).
   */
  function assertMayScore(
    actor: Actor,
    context: repo.ScoringContext,
    action: 'create' | 'update',
    authorId?: number,
  ) {
    if (!RESEARCH_MATCH_TYPES.includes(context.request.typeId))
      throw ValidationError.nonField(REVIEW_MESSAGES.notResearchMatch);
    if (context.assigned === null) throw new ForbiddenError(REVIEW_MESSAGES.notAssigned);
    if (context.conflict?.conflictExists) throw new ForbiddenError(REVIEW_MESSAGES.hasConflict);
    // The review written or changed is the caller's own (PATCH checked its author already).
    authorize(actor, action, 'Review', scoringSubject(actor, context, authorId ?? actor.userId));
    if (!context.conflict) throw ValidationError.nonField(REVIEW_MESSAGES.conflictFirst);
    if (
      context.request.statusId !== WORKFLOW_STATUS.underReview ||
      context.reviewCycle === null ||
      context.reviewCycle < 1
    )
      throw ValidationError.nonField(REVIEW_MESSAGES.notUnderReview);
  }

  /** The callers' own facts for a page of reviews: their assignments and conflicts among its requests. */
  async function subjectsFor(tx: DbOrTx, actor: Actor, requestIds: number[]) {
    if (requestIds.length === 0) return () => ({});
    const [assigned, conflicted] = await repo.assignedAndConflicted(tx, actor.userId, requestIds);
    const assignedIds = new Set(assigned.map((row) => row.requestId));
    const conflictedIds = new Set(conflicted.map((row) => row.requestId));
    return (review: repo.ReviewRow) => ({
      authorId: review.reviewerId,
      reviewerIds: assignedIds.has(review.requestId) ? [actor.userId] : [],
      conflictedIds: conflictedIds.has(review.requestId) ? [actor.userId] : [],
    });
  }

  async function presentReviews(tx: DbOrTx, actor: Actor, ids: number[], expand: ReadonlySet<string>) {
    const rows = inPageOrder(ids, await repo.reviewsByIds(tx, ids), (row) => row.review.id);
    const subjectOf = await subjectsFor(tx, actor, [...new Set(rows.map((row) => row.review.requestId))]);
    return rows.map((row) => presentReview(actor, row, expand, subjectOf(row.review)));
  }

  /** Reviews the caller may read, in SQL: every one for staff who read all, else their own. */
  const readableReviews = (actor: Actor) =>
    can(actor, 'read', 'Review') ? undefined : repo.reviewsBy(actor.userId);
  const readableConflicts = (actor: Actor) =>
    can(actor, 'read', 'ReviewConflict') ? undefined : repo.conflictsOf(actor.userId);

  async function getReview(actor: Actor, id: number, expand: ReadonlySet<string>): Promise<ReviewDto> {
    const row = await repo.findReview(db, id);
    if (!row || !can(actor, 'read', 'Review', { authorId: row.reviewerId })) throw new NotFoundError();
    const [dto] = await presentReviews(db, actor, [id], expand);
    return dto!;
  }

  async function audit(
    tx: DbOrTx,
    actor: Actor,
    model: string,
    id: number,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) {
    await recordHistory(tx, {
      model,
      objectId: id,
      action: before === null ? 'create' : after === null ? 'delete' : 'update',
      before,
      after,
      by: actor,
    });
  }

  async function getConflict(actor: Actor, id: number, expand: ReadonlySet<string>, extra = {}) {
    const [row] = await repo.conflictsByIds(db, [id]);
    if (!row || !can(actor, 'read', 'ReviewConflict', { authorId: row.conflict.userId }))
      throw new NotFoundError();
    return presentConflict(actor, row, expand, extra);
  }

  return {
    /** GET review/: filters request, reviewer, req_type, quarter, cycle; `expand` reviewer, request. */
    async list(actor: Actor, query: Query) {
      const list = parseListQuery(reviewList, query);
      const page = await selectPageIds(db, reviewList, list, readableReviews(actor));
      return { list, count: page.count, results: await presentReviews(db, actor, page.ids, list.expand) };
    },

    get: getReview,

    /**
     * POST review/: the caller's review of the application's current cycle, with the blocks sent.
     * One per reviewer and cycle (later changes are PATCHes). Bad input changes nothing.
     */
    async create(
      actor: Actor,
      input: CreateReviewInput,
      expand: ReadonlySet<string>,
    ): Promise<ReviewDto | ReviewUsersDto> {
      if (input.reviewer !== undefined && input.reviewer !== actor.userId) {
        // Staff §7: staff naming a reviewer with an empty review assign them (issue 29).
        if (!can(actor, 'create', 'Review', { assignment: true }))
          throw new ForbiddenError(REVIEW_MESSAGES.ownReviewOnly);
        if (!isEmptyReview(input)) throw ValidationError.nonField(REVIEW_MESSAGES.assignmentUnscored);
        return deps.assign(actor, {
          request: input.request,
          reviewer: input.reviewer,
          reviewer_role: input.reviewer_role,
        });
      }
      const id = await db.transaction(async (tx) => {
        const context = await visibleContext(tx, actor, input.request, true);
        assertMayScore(actor, context, 'create');
        if (input.reviewer_role !== undefined && input.reviewer_role !== context.reviewerRole) {
          throw new ValidationError({ reviewer_role: [REVIEW_MESSAGES.notAssignedWithRole] });
        }
        const cycle = context.reviewCycle!;
        if (await repo.findReviewOf(tx, input.request, actor.userId, cycle))
          throw ValidationError.nonField(REVIEW_MESSAGES.alreadyReviewing);
        const row = await repo.insertReview(tx, {
          requestId: input.request,
          reviewerId: actor.userId,
          reviewerRole: context.reviewerRole ?? REVIEWER_ROLE.other,
          quarter: context.reviewQuarter ?? '',
          cycle,
          ...reviewValues(input),
        });
        await audit(tx, actor, 'review', row.id, null, row);
        return row.id;
      });
      return getReview(actor, id, expand);
    },

    /** PATCH review/{id}/: the author changes the blocks sent, while the application is Under Review. */
    async update(actor: Actor, id: number, input: UpdateReviewInput, expand: ReadonlySet<string>) {
      await db.transaction(async (tx) => {
        const found = await repo.findReview(tx, id);
        if (!found || !can(actor, 'read', 'Review', { authorId: found.reviewerId }))
          throw new NotFoundError();
        if (found.reviewerId !== actor.userId) throw new ForbiddenError(REVIEW_MESSAGES.ownReviewOnly);
        const context = await visibleContext(tx, actor, found.requestId, true);
        assertMayScore(actor, context, 'update', found.reviewerId);
        if (found.cycle !== context.reviewCycle)
          throw ValidationError.nonField(REVIEW_MESSAGES.notUnderReview);
        const before = (await repo.findReview(tx, id, true))!;
        const after = await repo.updateReview(tx, id, reviewValues(input));
        await audit(tx, actor, 'review', id, before, after);
      });
      return getReview(actor, id, expand);
    },

    /** GET conflict/: by user and request. */
    async listConflicts(actor: Actor, query: Query) {
      const list: ParsedList = parseListQuery(conflictList, query);
      const page = await selectPageIds(db, conflictList, list, readableConflicts(actor));
      const rows = inPageOrder(page.ids, await repo.conflictsByIds(db, page.ids), (row) => row.conflict.id);
      return {
        list,
        count: page.count,
        results: rows.map((row) => presentConflict(actor, row, list.expand)),
      };
    },

    getConflict,

    /**
     * POST conflict/: an assigned reviewer's answer. Yes needs an explanation, takes them off the
     * primary role (staff §4.3) and closes scoring to them; a No may later become a Yes, but only
     * an administrator withdraws a Yes (DELETE). One transaction, audited.
     */
    async declare(actor: Actor, input: ConflictInput): Promise<ConflictDto> {
      if (input.user !== undefined && input.user !== actor.userId)
        throw new ForbiddenError(REVIEW_MESSAGES.ownReviewOnly);
      const { id, removedAsPrimary } = await db.transaction(async (tx) => {
        const context = await visibleContext(tx, actor, input.request, true);
        if (context.assigned === null) throw new ForbiddenError(REVIEW_MESSAGES.notAssigned);
        authorize(actor, 'create', 'ReviewConflict', { reviewerIds: [actor.userId], authorId: actor.userId });
        const previous = context.conflict;
        if (previous?.conflictExists && !input.conflict_exists)
          throw new ValidationError({ conflict_exists: [REVIEW_MESSAGES.conflictWithdrawOnlyAdmin] });
        const values = {
          conflictExists: input.conflict_exists,
          explanation: input.explanation.trim(),
        };
        const row = previous
          ? await repo.updateConflict(tx, previous.id, values)
          : await repo.insertConflict(tx, { requestId: input.request, userId: actor.userId, ...values });
        const removed = input.conflict_exists
          ? await repo.demoteFromPrimary(tx, input.request, actor.userId, REVIEWER_ROLE.other)
          : false;
        // The audit says when the answer took them off the primary role.
        await audit(tx, actor, 'review_conflict', row.id, previous, { ...row, removedAsPrimary: removed });
        return { id: row.id, removedAsPrimary: removed };
      });
      return getConflict(actor, id, new Set(), { removedAsPrimary });
    },

    /** DELETE conflict/{id}/: an administrator withdraws an answer; the reviewer answers again. */
    async deleteConflict(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await repo.findConflict(tx, id, true);
        if (!found || !can(actor, 'read', 'ReviewConflict', { authorId: found.userId }))
          throw new NotFoundError();
        authorize(actor, 'delete', 'ReviewConflict', { authorId: found.userId });
        await repo.deleteConflict(tx, id);
        await audit(tx, actor, 'review_conflict', id, found, null);
      });
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
