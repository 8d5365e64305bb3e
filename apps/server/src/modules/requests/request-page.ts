import { can, expectedDecision, permissionsFor, type Actor, type DecisionTimes } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { kindOf } from '../../platform/db/permission-cases';
import {
  CALLER_CASES,
  requestPageRows,
  shapeName,
  type CallerFacts,
  type RequestPageRow,
  type RequestPageShape,
} from './request-page.repo';
import { requestRowCache } from './request-row-cache';
import { isEditableBy, subjectOfView } from './requests.presenter';

/*
 * The Node half of the request read model: the caller's answers' tables for the statement, and
 * each row's text with `expected_decision` (the domain's `expectedDecision`) written in.
 */

/** No user has this id: the owner of a row the caller does not own. */
const SOMEONE_ELSE = 0;

/** The permission subject of a row with these facts, as `subjectOfView` builds it from a request. */
function subjectFor(actor: Actor, facts: CallerFacts) {
  return subjectOfView(
    {
      request: { ownerId: facts.owner ? actor.userId : SOMEONE_ELSE },
      callerIsMember: facts.member,
      callerIsReviewer: facts.reviewer,
    },
    actor,
  );
}

/** The answers' tables of the statement for this caller (each kept per kind of caller). */
function callerAnswers(actor: Actor): Record<keyof typeof CALLER_CASES, string> {
  return {
    permissions: CALLER_CASES.permissions.answersFor(actor, (facts) =>
      permissionsFor(actor, 'Request', subjectFor(actor, facts)),
    ),
    editable: CALLER_CASES.editable.answersFor(actor, ({ status, ...facts }) =>
      isEditableBy(actor, {
        request: { ownerId: facts.owner ? actor.userId : SOMEONE_ELSE, statusId: status },
        callerIsMember: facts.member,
      }),
    ),
    summaryReadable: CALLER_CASES.summaryReadable.answersFor(actor, (facts) =>
      can(actor, 'read', 'RequestSummary', subjectFor(actor, facts)),
    ),
    ordersReadable: CALLER_CASES.ordersReadable.answersFor(actor, (facts) =>
      can(actor, 'read', 'TissueOrder', subjectFor(actor, facts)),
    ),
  };
}

/**
 * The page's rows as the statement wrote them, for the caller and `?expand=`, in the ids' order;
 * for a detail (`detail`), each with its project's team facts when the caller decides requests,
 * and with its version for the ETag (`version`).
 */
export function readRequestPage(
  db: DbOrTx,
  actor: Actor,
  ids: readonly number[],
  expand: ReadonlySet<string>,
  detail: { version: boolean } | null = null,
) {
  const shape: RequestPageShape = {
    project: expand.has('project'),
    datasets: expand.has('datasets'),
    summary: expand.has('summary'),
    reviewers: can(actor, 'list', 'RequestReviewer'),
    zendesk: can(actor, 'read', 'ZendeskTicket'),
    version: detail?.version ?? false,
    team: detail !== null && can(actor, 'decide', 'Request'),
  };
  // A row is the same for callers of the same id, kind (what their answers depend on) and shape.
  const variant = `${shapeName(shape)}|${actor.userId}|${kindOf(actor)}`;
  return requestRowCache.read(db, ids, variant, (missing) =>
    requestPageRows(db, missing, actor.userId, shape, callerAnswers(actor)),
  );
}

/** One row's JSON text, with its expected decision and, on the detail, the members Node adds at its end. */
export function requestText(
  row: RequestPageRow,
  times: ReadonlyMap<number, DecisionTimes>,
  extra?: Record<string, unknown>,
): string {
  const expected = expectedDecision(
    {
      typeId: row.typeId,
      statusId: row.statusId,
      submissionDate: row.submitted === null ? null : new Date(row.submitted),
    },
    times.get(row.typeId),
  );
  const tail = extra
    ? `${row.tail.slice(0, -1)}${Object.entries(extra)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `, ${JSON.stringify(key)} : ${JSON.stringify(value)}`)
        .join('')}}`
    : row.tail;
  return `${row.head}${JSON.stringify(expected)}${tail}`;
}
