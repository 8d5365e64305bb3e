import {
  DECISION_STATUSES,
  defaultReviewQuarter,
  quarterKey,
  RESEARCH_MATCH_TYPE,
  flowFor,
  isRenewalSubmission,
  isSubmission,
  LIMITS,
  REQUEST_STATUSES,
  resolveDecision,
  teamState,
  WORKFLOW_MESSAGES,
  WORKFLOW_STATUS,
  type Actor,
  type EmailRule,
  type FlowKey,
  type RequestStatusId,
} from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { notifyUsers } from '../notifications/notifications.service';
import * as pendingTeamRepo from './pending-team.repo';
import {
  beginReviewCycle,
  renewalFollows,
  setOwnerSuspension,
  writeTransition,
  type TransitionChanges,
} from './request-writes.repo';
import * as repo from './requests.repo';

type By = Pick<Actor, 'userId' | 'impersonatorId'>;
type RequestRow = repo.RequestRow;

const S = WORKFLOW_STATUS;
const DAY_MS = 86_400_000;

/**
 * How a status change is asked for:
 * - `decision`: a decider (permission `decide`) through the flow table of their active role;
 * - `submission`: the owner (or staff filing for them) submitting or resubmitting;
 * - `team_complete`: the system promoting Approved (Pending Team) once the team is complete;
 * - `renewal`: the owner's Research Match renewal sending the application back to Submitted.
 */
type TransitionKind = 'decision' | 'submission' | 'team_complete' | 'renewal';

export interface TransitionInput {
  /** The request row, locked by the caller (`repo.lockRequest`) in this transaction. */
  request: RequestRow;
  to: number;
  kind: TransitionKind;
  /** The decider's actor (for the flow of their active role); unused for other kinds. */
  actor?: Actor | null;
  /** Who the history row names. */
  by: By | null;
  now?: Date;
  /** Skip the history row when the caller records one change with more fields in it. */
  recordHistory?: boolean;
}

export interface TransitionResult {
  from: number;
  status: RequestStatusId;
  flow: FlowKey | null;
  email: EmailRule;
  row: RequestRow;
}

const fail = (message: string): never => {
  throw new ValidationError({ status: [message] });
};

/** The flow a decider's active role uses for this request. */
function flowOf(request: Pick<RequestRow, 'typeId'>, actor: Actor): FlowKey {
  return flowFor(request.typeId, actor.role);
}

/** The pending-team state of a request's project (staff §4.2). */
export async function teamOf(tx: DbOrTx, projectId: number, now = new Date()) {
  return teamState(await pendingTeamRepo.teamFacts(tx, projectId, now));
}

/** `teamOf`, from the team facts a statement read with the request (`teamFactsJson`). */
export function teamOfRows(rows: readonly pendingTeamRepo.TeamFactRow[], now = new Date()) {
  return teamState(pendingTeamRepo.teamFactsFromRows(rows, now));
}

const statusName = (status: number) => REQUEST_STATUSES[status as RequestStatusId] ?? String(status);

/**
 * The one writer of `requests.status_id` (DESIGN §3 "Workflows"). In the caller's transaction,
 * on a locked row: checks the move against the tables of `packages/domain/workflows`, writes the
 * status and the dates that go with it, the owner's suspension, a history row, and a bell
 * notification to the owner for every decision. A move that is not in the table is a 400
 * naming the allowed ones, and nothing is written.
 */
export async function applyTransition(tx: DbOrTx, input: TransitionInput): Promise<TransitionResult> {
  const { request } = input;
  const now = input.now ?? new Date();
  const from = request.statusId;
  let status: RequestStatusId;
  let flow: FlowKey | null = null;
  let email: EmailRule = 'optional';

  switch (input.kind) {
    case 'submission':
      if (!isSubmission(from, input.to)) fail(WORKFLOW_MESSAGES.ownerNotAllowed(input.to, from));
      status = input.to as RequestStatusId;
      break;
    case 'renewal':
      // A renewal submission sets the request to Submitted (researcher §4, staff §4.3).
      if (!isRenewalSubmission(from, input.to)) fail(WORKFLOW_MESSAGES.ownerNotAllowed(input.to, from));
      status = input.to as RequestStatusId;
      break;
    case 'team_complete':
      if (from !== S.approvedPendingTeam || input.to !== S.approved) {
        fail(WORKFLOW_MESSAGES.ownerNotAllowed(input.to, from));
      }
      status = S.approved;
      break;
    case 'decision': {
      if (!input.actor) throw new Error('A decision needs the deciding actor');
      flow = flowOf(request, input.actor);
      const team = await teamOf(tx, request.projectId, now);
      const result = resolveDecision({ flow, from, to: input.to, teamComplete: team.complete });
      if (!result.ok) return fail(result.message);
      status = result.status;
      email = result.email;
      break;
    }
  }

  const before = input.recordHistory === false ? null : await repo.requestSnapshot(tx, request.id);
  const changes: TransitionChanges = { statusId: status, modified: now };
  if (input.kind === 'submission') {
    changes.submissionDate = request.submissionDate ?? now;
  }
  if (DECISION_STATUSES.includes(status)) changes.decisionDate = now;
  if (status === S.rejected) changes.reviewersLocked = true;
  if (status === S.fulfilled) {
    // Fulfilment starts the 3 years of access (staff §4.4); coming back from a suspension or the
    // archive keeps the expiry already set.
    if (from === S.approved || request.expirationDate === null) {
      changes.expirationDate = new Date(now.getTime() + LIMITS.requestExpiryDays * DAY_MS);
    }
    changes.revocationDate = null;
  }
  if (status === S.suspended) changes.revocationDate = now;

  const row = await writeTransition(tx, request.id, changes);

  // Research Match (issue 17): entering review starts a review cycle; an open renewal follows
  // the decisions on its application.
  if (request.typeId === RESEARCH_MATCH_TYPE && input.kind === 'decision') {
    if (status === S.underReview)
      await beginReviewCycle(tx, request.id, quarterKey(defaultReviewQuarter(now)));
    const renewal = await renewalFollows(tx, request.id, status);
    if (renewal) {
      await recordHistory(tx, {
        model: 'renewal',
        objectId: renewal.after.id,
        action: 'update',
        before: renewal.before,
        after: renewal.after,
        by: input.by,
      });
    }
  }

  // The owner's suspension (foundation §2 ribbon, researcher §4 'Suspended Request prevents…').
  if (status === S.suspended || from === S.suspended) {
    await setOwnerSuspension(tx, { ownerId: request.ownerId, requestId: request.id }, status === S.suspended);
  }

  if (input.recordHistory !== false) {
    await recordHistory(tx, {
      model: 'request',
      objectId: request.id,
      action: 'update',
      before,
      after: await repo.requestSnapshot(tx, request.id),
      by: input.by,
    });
  }

  if (input.kind !== 'submission' && input.kind !== 'renewal') {
    const name = request.displayName || `request ${request.portalRequestId}`;
    await notifyUsers(tx, [
      {
        recipientId: request.ownerId,
        message: `${request.portalRequestId} (${name}) is now ${statusName(status)}.`,
        redirect: `/request/${request.id}`,
        taskName: 'request_decision',
        fields: { request_id: request.id, from, status },
      },
    ]);
  }

  return { from, status, flow, email, row };
}

/**
 * Promotes Approved (Pending Team) requests whose team became complete (a joinder signed, an
 * RDA fully executed, an IRB uploaded, the team changed). Called in the transaction of the
 * change that may close a gap; answers the promoted request ids.
 */
export async function promotePendingTeams(
  tx: DbOrTx,
  scope: { projectId?: number; userId?: number; institutionId?: number },
  by: By | null,
): Promise<number[]> {
  const candidates = await pendingTeamRepo.pendingTeamRequests(tx, scope, S.approvedPendingTeam);
  const promoted: number[] = [];
  const now = new Date();
  for (const candidate of candidates) {
    const team = await teamOf(tx, candidate.projectId, now);
    if (!team.complete) continue;
    const locked = await repo.lockRequest(tx, candidate.id);
    if (!locked || locked.statusId !== S.approvedPendingTeam) continue;
    await applyTransition(tx, { request: locked, to: S.approved, kind: 'team_complete', by, now });
    promoted.push(candidate.id);
  }
  return promoted;
}
