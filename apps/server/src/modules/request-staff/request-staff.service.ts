import {
  can,
  REQUEST_STAFF_MESSAGES,
  RESEARCH_MATCH_TYPES,
  REVIEW_MESSAGES,
  REVIEWER_ROLE,
  WORKFLOW_STATUS,
  type Actor,
  type ReviewDeleteInput,
  type CreateRequestCommentInput,
  type RequestCommentDto,
  type ReviewUsersDto,
  type ReviewUsersInput,
  type ZendeskConversations,
  type ZendeskTicketIdsInput,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { ZendeskUnavailableError, type ZendeskAdapter } from '../../platform/external/zendesk';
import {
  findRequest,
  lockRequest,
  presentReviewUser,
  requestSnapshot,
  reviewersOfRequests,
  subjectOfView,
} from '../requests/requests.service';
import { fullName, presentComment } from './request-staff.presenter';
import type { ReviewerAssistantService } from '../reviewer-assistant/reviewer-assistant.service';
import * as repo from './request-staff.repo';

/** Approved and Rejected: who reviewed the request stays on record (staff §4.3). */
const REVIEWERS_KEPT_STATUSES: readonly number[] = [WORKFLOW_STATUS.approved, WORKFLOW_STATUS.rejected];

/**
 * The staff panel of a request (staff §3, §5, §6, §7): assigned reviewers, staff comments and the
 * Zendesk tickets with their conversations. The routes check the staff grants; here the request
 * itself must be one the caller may read (404 otherwise).
 */
export function createRequestStaffService(deps: {
  db: Db;
  zendesk: ZendeskAdapter;
  /** Where a Zendesk failure's cause is logged (the caller only sees the spec's message). */
  log?: { warn: (object: object, message: string) => void };
  /** What reviewers joining a request get besides the assignment (a tissue review while Under Review). */
  onReviewersAdded?: (tx: DbOrTx, request: repo.LockedRequest, userIds: readonly number[]) => Promise<void>;
  /** The likely conflicts of reviewers being added, with the reasons given, for the history (issue 33). */
  conflictNotes?: ReviewerAssistantService['conflictNotes'];
}) {
  const { db, zendesk, log } = deps;

  async function readable(tx: DbOrTx, actor: Actor, id: number) {
    const view = await findRequest(tx, id, actor.userId);
    if (!view) throw new NotFoundError();
    authorize(actor, 'read', 'Request', subjectOfView(view, actor));
    return view;
  }

  /** Runs a change to the request and records it as one history version of the request. */
  async function auditedRequestChange(
    tx: DbOrTx,
    actor: Actor,
    id: number,
    change: () => Promise<void>,
    /** What this version records beside the request itself (flagged reviewers assigned). */
    note: Record<string, unknown> = {},
  ) {
    const before = await requestSnapshot(tx, id);
    await change();
    await recordHistory(tx, {
      model: 'request',
      objectId: id,
      action: 'update',
      before,
      after: await requestSnapshot(tx, id),
      note,
      by: actor,
    });
  }

  /** A staff comment on the request, audited as its own object. */
  async function insertComment(tx: DbOrTx, actor: Actor, id: number, text: string) {
    const row = await repo.insertComment(tx, { requestId: id, authorId: actor.userId, text });
    await recordHistory(tx, {
      model: 'request_comment',
      objectId: row.id,
      action: 'create',
      after: row,
      by: actor,
    });
    return row;
  }

  async function reviewUsersOf(tx: DbOrTx, request: repo.LockedRequest): Promise<ReviewUsersDto> {
    const rows = await reviewersOfRequests(tx, [request.id]);
    return {
      review_users: rows.map((row) => presentReviewUser(request, row)),
      reviewers_locked: request.reviewersLocked,
    };
  }

  /**
   * Removing reviewers of a request Under Review ends their active review: without `confirm` a
   * 409 names them (staff §5 "Removing a reviewer with an active review asks for confirmation").
   */
  async function confirmRemoval(
    tx: DbOrTx,
    request: repo.LockedRequest,
    removed: number[],
    confirm?: boolean,
  ) {
    if (removed.length === 0 || request.statusId !== WORKFLOW_STATUS.underReview || confirm === true) return;
    const active = (await reviewersOfRequests(tx, [request.id])).filter((row) =>
      removed.includes(row.userId),
    );
    const names = active.map((row) => fullName(row)).join(', ');
    throw new AppError(409, REQUEST_STAFF_MESSAGES.activeReview(names), {
      detail: REQUEST_STAFF_MESSAGES.activeReview(names),
      active_reviewers: active.map((row) => ({ id: row.userId, display_name: fullName(row) })),
    });
  }

  /**
   * Writes the new assignments in an order the one-primary index accepts: removals, demotions,
   * new reviewers, then promotions to primary.
   */
  async function writeAssignments(
    tx: DbOrTx,
    requestId: number,
    current: { userId: number; reviewerRole: number | null }[],
    wanted: Map<number, number | null>,
  ) {
    const removed = current.filter((row) => !wanted.has(row.userId)).map((row) => row.userId);
    await repo.removeReviewers(tx, requestId, removed);
    const changed = current.filter(
      (row) => wanted.has(row.userId) && wanted.get(row.userId) !== row.reviewerRole,
    );
    for (const row of changed.filter((entry) => wanted.get(entry.userId) !== REVIEWER_ROLE.primary)) {
      await repo.setReviewerRole(tx, requestId, row.userId, wanted.get(row.userId)!);
    }
    const added = [...wanted].filter(([userId]) => !current.some((row) => row.userId === userId));
    await repo.addReviewers(
      tx,
      requestId,
      added.map(([userId, reviewerRole]) => ({ userId, reviewerRole })),
    );
    for (const row of changed.filter((entry) => wanted.get(entry.userId) === REVIEWER_ROLE.primary)) {
      await repo.setReviewerRole(tx, requestId, row.userId, REVIEWER_ROLE.primary);
    }
  }

  /**
   * The roles of the wanted reviewers of a Research Match application: the one sent, else the
   * reviewer's current role, else Other; one primary at most, never one who declared a conflict.
   */
  async function researchMatchRoles(
    tx: DbOrTx,
    requestId: number,
    entries: { id: number; role: number | null | undefined }[],
    current: { userId: number; reviewerRole: number | null }[],
  ): Promise<Map<number, number | null>> {
    const roles = new Map<number, number | null>();
    for (const entry of entries) {
      const existing = current.find((row) => row.userId === entry.id)?.reviewerRole;
      roles.set(entry.id, entry.role ?? existing ?? REVIEWER_ROLE.other);
    }
    const primaries = [...roles].filter(([, role]) => role === REVIEWER_ROLE.primary).map(([id]) => id);
    if (primaries.length > 1) throw new ValidationError({ users: [REVIEW_MESSAGES.onePrimary] });
    const conflicted = await repo.conflictedUsers(tx, requestId, primaries);
    if (conflicted.length > 0) {
      const people = await repo.reviewerCandidates(tx, conflicted);
      throw new ValidationError({
        users: [REVIEW_MESSAGES.conflictedPrimary(people.map(fullName).join(', '))],
      });
    }
    return roles;
  }

  /**
   * Sets the request's reviewers to `entries` (one per user, the last one sent winning; a role
   * only on Research Match applications): each in a reviewer group, on Research Match
   * applications a Research Match reviewer, one primary and never one who declared a conflict.
   * Refused once a rejection locked them; removing reviewers of a request Under Review needs
   * `confirm`. One history row when anything changed.
   */
  async function writeReviewUsers(
    tx: DbOrTx,
    actor: Actor,
    request: repo.LockedRequest,
    entries: Map<number, number | null | undefined>,
    confirm: boolean | undefined,
    conflictReasons?: ReviewUsersInput['conflict_reasons'],
  ): Promise<ReviewUsersDto> {
    const id = request.id;
    if (request.reviewersLocked) throw ValidationError.nonField(REQUEST_STAFF_MESSAGES.reviewersLocked);
    const researchMatch = RESEARCH_MATCH_TYPES.includes(request.typeId);
    const wantedIds = [...entries.keys()];
    const found = await repo.reviewerCandidates(tx, wantedIds);
    const unknown = wantedIds.filter((userId) => !found.some((user) => user.id === userId));
    if (unknown.length > 0) {
      throw new ValidationError({ users: [REQUEST_STAFF_MESSAGES.unknownUsers(unknown.join(', '))] });
    }
    const notReviewers = found.filter((user) => !user.isReviewer);
    if (notReviewers.length > 0) {
      throw new ValidationError({
        users: [REQUEST_STAFF_MESSAGES.notReviewer(notReviewers.map(fullName).join(', '))],
      });
    }
    if (researchMatch) {
      const notRm = found.filter((user) => !user.isResearchMatchReviewer);
      if (notRm.length > 0) {
        throw new ValidationError({
          users: [REVIEW_MESSAGES.notRmReviewer(notRm.map(fullName).join(', '))],
        });
      }
    }

    const current = await repo.assignmentsOf(tx, id);
    const wanted = researchMatch
      ? await researchMatchRoles(
          tx,
          id,
          [...entries].map(([userId, role]) => ({ id: userId, role })),
          current,
        )
      : new Map(wantedIds.map((userId) => [userId, null]));
    const removed = current.filter((row) => !wanted.has(row.userId)).map((row) => row.userId);
    await confirmRemoval(tx, request, removed, confirm);
    const added = wantedIds.filter((userId) => !current.some((row) => row.userId === userId));
    const flagged = await deps.conflictNotes?.(tx, id, added, conflictReasons);
    const changes =
      removed.length > 0 ||
      [...wanted].some(
        ([userId, role]) => current.find((row) => row.userId === userId)?.reviewerRole !== role,
      );
    if (changes) {
      await auditedRequestChange(
        tx,
        actor,
        id,
        async () => {
          await writeAssignments(tx, id, current, wanted);
          await repo.touchRequest(tx, id);
        },
        flagged?.length ? { reviewer_conflicts: flagged } : {},
      );
      await deps.onReviewersAdded?.(tx, request, added);
    }
    return reviewUsersOf(tx, request);
  }

  /** The request, readable by the caller, locked for a change of its reviewers. */
  async function lockedForReviewers(tx: DbOrTx, actor: Actor, id: number) {
    await readable(tx, actor, id);
    const request = await lockRequest(tx, id);
    if (!request) throw new NotFoundError();
    return request;
  }

  return {
    /**
     * PUT request/{id}/review_users/: the whole list of reviewers (at most 100, each in a reviewer
     * group; on Research Match applications a Research Match reviewer with a role, one primary).
     * Refused once a rejection locked them; removing reviewers of a request Under Review needs
     * `confirm: true` (409 lists them). One transaction, one history row.
     */
    async setReviewUsers(actor: Actor, id: number, input: ReviewUsersInput): Promise<ReviewUsersDto> {
      return db.transaction(async (tx) => {
        const request = await lockedForReviewers(tx, actor, id);
        // One entry per user, the last one sent winning.
        const entries = new Map<number, number | null | undefined>();
        for (const entry of input.users) {
          if (typeof entry === 'number') entries.set(entry, entries.get(entry));
          else entries.set(entry.id, entry.reviewer_role);
        }
        return writeReviewUsers(tx, actor, request, entries, input.confirm, input.conflict_reasons);
      });
    },

    /**
     * Staff §7 `POST review` by staff, naming a reviewer with nothing scored: the reviewer joins
     * the request's reviewers (in `reviewer_role` on a Research Match application), with the same
     * checks, audit and answer as adding them to the staff panel's list.
     */
    async assignReviewer(
      actor: Actor,
      input: { request: number; reviewer: number; reviewer_role?: number },
    ): Promise<ReviewUsersDto> {
      if (!can(actor, 'update', 'RequestReviewer')) throw new ForbiddenError();
      return db.transaction(async (tx) => {
        const request = await lockedForReviewers(tx, actor, input.request);
        const entries = new Map<number, number | null | undefined>(
          (await repo.assignmentsOf(tx, request.id)).map((row) => [row.userId, undefined]),
        );
        entries.set(input.reviewer, input.reviewer_role);
        return writeReviewUsers(tx, actor, request, entries, undefined);
      });
    },

    /**
     * The spec's `review delete action` (staff §7: request, reviewer, role): the reviewer leaves the
     * request, with the same confirmation and audit as the staff panel's list.
     */
    async removeReviewer(actor: Actor, input: ReviewDeleteInput): Promise<ReviewUsersDto> {
      return db.transaction(async (tx) => {
        const request = await lockedForReviewers(tx, actor, input.request);
        if (request.reviewersLocked) throw ValidationError.nonField(REQUEST_STAFF_MESSAGES.reviewersLocked);
        // Staff §4.3 "The delete action is disabled when the status is Approved or Rejected".
        if (REVIEWERS_KEPT_STATUSES.includes(request.statusId))
          throw ValidationError.nonField(REQUEST_STAFF_MESSAGES.removalAfterDecision);
        const current = await repo.assignmentsOf(tx, request.id);
        const assignment = current.find((row) => row.userId === input.reviewer);
        if (!assignment || (input.role !== undefined && assignment.reviewerRole !== input.role)) {
          throw new ValidationError({ reviewer: [REVIEW_MESSAGES.notAssignedWithRole] });
        }
        await confirmRemoval(tx, request, [input.reviewer], input.confirm);
        await auditedRequestChange(tx, actor, request.id, async () => {
          await repo.removeReviewers(tx, request.id, [input.reviewer]);
          await repo.touchRequest(tx, request.id);
        });
        return reviewUsersOf(tx, request);
      });
    },

    /** GET request/{id}/comments/: newest first, paged. */
    async listComments(actor: Actor, id: number, paging: { limit: number; offset: number }) {
      await readable(db, actor, id);
      const page = await repo.listComments(db, id, paging.limit, paging.offset);
      return { count: page.count, results: page.rows.map(presentComment) };
    },

    /** POST request/{id}/comments/: a staff note with its author and date; audited. */
    async addComment(actor: Actor, id: number, input: CreateRequestCommentInput): Promise<RequestCommentDto> {
      const commentId = await db.transaction(async (tx) => {
        await readable(tx, actor, id);
        return (await insertComment(tx, actor, id, input.text)).id;
      });
      const row = await repo.findComment(db, commentId);
      return presentComment(row!);
    },

    /** PATCH request/{id}/zendesk/: the request's Zendesk ticket ids (an empty list clears them). */
    async setZendeskTicketIds(actor: Actor, id: number, input: ZendeskTicketIdsInput) {
      return db.transaction(async (tx) => {
        await readable(tx, actor, id);
        await auditedRequestChange(tx, actor, id, () =>
          repo.setZendeskTicketIds(tx, id, input.zendesk_ticket_ids),
        );
        return { zendesk_ticket_ids: input.zendesk_ticket_ids };
      });
    },

    /**
     * PATCH request/{id}/ with `comments: {add}` and/or `zendesk_ticket_ids` (staff §7): both in
     * one transaction, each only for the roles the panel's own routes admit.
     */
    async patchStaffFields(
      actor: Actor,
      id: number,
      input: { comment?: string; zendeskTicketIds?: string[] },
    ): Promise<void> {
      if (input.comment !== undefined && !can(actor, 'create', 'RequestComment')) throw new ForbiddenError();
      if (input.zendeskTicketIds !== undefined && !can(actor, 'update', 'ZendeskTicket')) {
        throw new ForbiddenError();
      }
      await db.transaction(async (tx) => {
        await readable(tx, actor, id);
        if (input.comment !== undefined) await insertComment(tx, actor, id, input.comment);
        const ticketIds = input.zendeskTicketIds;
        if (ticketIds !== undefined) {
          await auditedRequestChange(tx, actor, id, () => repo.setZendeskTicketIds(tx, id, ticketIds));
        }
      });
    },

    /** GET zendesk_ticket/?ids=1,2: conversations keyed by ticket id; 503 when Zendesk fails. */
    async zendeskConversations(ids: readonly string[]): Promise<ZendeskConversations> {
      try {
        return await zendesk.conversations(ids);
      } catch (error) {
        if (error instanceof ZendeskUnavailableError) {
          log?.warn({ err: error, tickets: ids }, 'Zendesk conversations could not be fetched');
          throw new ServiceUnavailableError(REQUEST_STAFF_MESSAGES.fetchFailed);
        }
        throw error;
      }
    },
  };
}

export type RequestStaffService = ReturnType<typeof createRequestStaffService>;
