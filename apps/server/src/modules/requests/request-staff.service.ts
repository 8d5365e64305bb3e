import {
  can,
  REQUEST_STAFF_MESSAGES,
  type Actor,
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
import { subjectOfView } from './requests.presenter';
import * as requestsRepo from './requests.repo';
import * as repo from './request-staff.repo';

/** A request is under active review while it is Under Review (there is no scoring yet; decision 081). */
const UNDER_REVIEW = 3;

const fullName = (person: { firstName: string | null; lastName: string | null; email: string | null }) =>
  `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim() || person.email || '';

function presentComment(row: repo.CommentRow): RequestCommentDto {
  return {
    id: row.id,
    request: row.requestId,
    text: row.text,
    author:
      row.authorId === null
        ? null
        : {
            id: row.authorId,
            display_name: fullName({
              firstName: row.authorFirstName,
              lastName: row.authorLastName,
              email: row.authorEmail,
            }),
          },
    created: row.created.toISOString(),
  };
}

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
}) {
  const { db, zendesk, log } = deps;

  async function readable(tx: DbOrTx, actor: Actor, id: number) {
    const view = await requestsRepo.findRequest(tx, id, actor.userId);
    if (!view) throw new NotFoundError();
    authorize(actor, 'read', 'Request', subjectOfView(view, actor));
    return view;
  }

  /** Runs a change to the request and records it as one history version of the request. */
  async function auditedRequestChange(tx: DbOrTx, actor: Actor, id: number, change: () => Promise<void>) {
    const before = await requestsRepo.requestSnapshot(tx, id);
    await change();
    await recordHistory(tx, {
      model: 'request',
      objectId: id,
      action: 'update',
      before,
      after: await requestsRepo.requestSnapshot(tx, id),
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

  async function reviewUsersOf(tx: DbOrTx, id: number, locked: boolean): Promise<ReviewUsersDto> {
    const rows = await requestsRepo.reviewersOfRequests(tx, [id]);
    return {
      review_users: rows.map((row) => ({
        id: row.userId,
        display_name: fullName(row),
        email: row.email,
        assigned: row.assigned.toISOString(),
      })),
      reviewers_locked: locked,
    };
  }

  return {
    /**
     * PUT request/{id}/review_users/: the whole list of reviewers (at most 100, each in a reviewer
     * group). Refused once a rejection locked them; removing reviewers of a request Under Review
     * needs `confirm: true` (409 lists them). One transaction, one history row.
     */
    async setReviewUsers(actor: Actor, id: number, input: ReviewUsersInput): Promise<ReviewUsersDto> {
      return db.transaction(async (tx) => {
        await readable(tx, actor, id);
        const request = await requestsRepo.lockRequest(tx, id);
        if (!request) throw new NotFoundError();
        if (request.reviewersLocked) throw ValidationError.nonField(REQUEST_STAFF_MESSAGES.reviewersLocked);

        const wanted = [...new Set(input.users)];
        const found = await repo.reviewerCandidates(tx, wanted);
        const unknown = wanted.filter((userId) => !found.some((user) => user.id === userId));
        if (unknown.length > 0) {
          throw new ValidationError({ users: [REQUEST_STAFF_MESSAGES.unknownUsers(unknown.join(', '))] });
        }
        const notReviewers = found.filter((user) => !user.isReviewer);
        if (notReviewers.length > 0) {
          throw new ValidationError({
            users: [REQUEST_STAFF_MESSAGES.notReviewer(notReviewers.map(fullName).join(', '))],
          });
        }

        const current = await repo.reviewerIdsOf(tx, id);
        const removed = current.filter((userId) => !wanted.includes(userId));
        const added = wanted.filter((userId) => !current.includes(userId));
        if (removed.length > 0 && request.statusId === UNDER_REVIEW && input.confirm !== true) {
          const active = (await requestsRepo.reviewersOfRequests(tx, [id])).filter((row) =>
            removed.includes(row.userId),
          );
          const names = active.map((row) => fullName(row));
          throw new AppError(409, REQUEST_STAFF_MESSAGES.activeReview(names.join(', ')), {
            detail: REQUEST_STAFF_MESSAGES.activeReview(names.join(', ')),
            active_reviewers: active.map((row) => ({ id: row.userId, display_name: fullName(row) })),
          });
        }
        if (removed.length > 0 || added.length > 0) {
          await auditedRequestChange(tx, actor, id, async () => {
            await repo.removeReviewers(tx, id, removed);
            await repo.addReviewers(tx, id, added);
            await repo.touchRequest(tx, id);
          });
        }
        return reviewUsersOf(tx, id, request.reviewersLocked);
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
