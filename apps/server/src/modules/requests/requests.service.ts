import {
  ABN_DASHBOARD_TABS,
  can,
  decisionsFor,
  REQUEST_MESSAGES,
  REQUEST_STATUSES,
  RETURN_TO_APPLICANT_STATUSES,
  sampleAvailability,
  UNDELETABLE_STATUSES,
  type Actor,
  type DecisionTimes,
  type RequestDto,
  type RequestStatusId,
  type SampleValidation,
  type ValidateSamplesInput,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError, invalid } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { parseListQuery, selectPageIds } from '../../platform/list';
import { jsonText } from '../../platform/http/json-text';
import { VersionedAnswer } from '../../platform/http/object-versions';
import type { FilesService } from '../files/files.service';
import type { FormsService } from '../forms/forms.service';
import { requestTypeHandlers } from './request-types/registry';
import type { DecisionsForRequests, TissueCollections } from './request-hooks';
import type { RequestTypeHandler } from '../request-type-handlers/request-type-handlers.service';
import { createRequestWrites } from './request-writes';
import { teamOf, teamOfRows } from './requests.workflow';
import { readableRequests, requestList } from './requests.lists';
import { subjectOfView, type RequestSubject, type RequestView } from './requests.presenter';
import { readRequestPage, requestText } from './request-page';
import { requestPages } from './request-row-cache';
import { findSampleType, samplesWithCounts } from './request-write-checks.repo';
import { deleteRequest } from './request-writes.repo';
import * as repo from './requests.repo';

type Query = Record<string, string | undefined>;

/** How long the decision times behind `expected_decision` are reused. */
const DECISION_TIMES_TTL_MS = 10 * 60_000;

export function createRequestsService(deps: {
  db: Db;
  forms: FormsService;
  /** The documents a Research Match or tissue application names, linked to the request once stored. */
  files: Pick<FilesService, 'linkToRequest'>;
  /** The request types the modules that own them file (Research Match, the tissue network). */
  types: Iterable<readonly [number, RequestTypeHandler]>;
  /** The tissue network's collections, which pilot and tissue requests ask for (issue 18). */
  carts: TissueCollections;
  /** Decisions (modules/decisions): a decider's status PATCH, the submission receipt, the return message. */
  decisions: DecisionsForRequests;
}) {
  const { db } = deps;

  async function load(tx: DbOrTx, actor: Actor, id: number): Promise<RequestView> {
    const view = await repo.findRequest(tx, id, actor.userId);
    if (!view) throw new NotFoundError();
    return view;
  }

  /**
   * Decision times per request type change slowly: read at most every 10 minutes, so an open
   * request's expected decision costs its list or page nothing.
   */
  let times: { at: number; value: Promise<Map<number, DecisionTimes>> } | null = null;
  function decisionTimes(from: DbOrTx): Promise<Map<number, DecisionTimes>> {
    if (!times || Date.now() - times.at > DECISION_TIMES_TTL_MS) {
      const value = repo.decisionTimes(from);
      times = { at: Date.now(), value };
      value.catch(() => (times = null));
    }
    return times.value;
  }

  /**
   * The request as GET request/{id}/ answers it: the read model's row, authorized on the facts it
   * returns, with the caller's transitions and the returned request's decision message added.
   * `from`: a transaction, when the answer is built (and kept) before the write commits.
   */
  async function detailText(
    actor: Actor,
    id: number,
    expand: ReadonlySet<string>,
    from: DbOrTx = db,
    withVersion = false,
  ): Promise<{ text: string; version: string | null }> {
    // Through the caller's transaction: on PGlite a read outside it would wait for its end.
    const [[row], decided] = await Promise.all([
      readRequestPage(from, actor, [id], expand, { version: withVersion }),
      decisionTimes(from),
    ]);
    if (!row) throw new NotFoundError();
    const subject = subjectOfView({ request: { ownerId: row.ownerId }, ...row }, actor);
    authorize(actor, 'read', 'Request', subject);
    const decider = can(actor, 'decide', 'Request', subject);
    const returned = RETURN_TO_APPLICANT_STATUSES.includes(row.statusId as RequestStatusId);
    // The detail's parts are independent reads: on a pool they run side by side.
    const [team, decision_message] = await Promise.all([
      // The team's facts came with the row (the statement reads them for anyone who decides).
      decider ? (row.team ? teamOfRows(row.team) : teamOf(from, row.projectId)) : undefined,
      returned && (decider || row.ownerId === actor.userId)
        ? deps.decisions.returnMessage(from, id, row.statusId)
        : undefined,
    ]);
    const transitions = team
      ? decisionsFor(actor, { type: row.typeId, status: row.statusId }, team.complete).options
      : [];
    return { text: requestText(row, decided, { transitions, decision_message }), version: row.version };
  }

  /** The request as an object, for the answers of writes and the modules built on requests. */
  async function get(
    actor: Actor,
    id: number,
    expand: ReadonlySet<string>,
    from: DbOrTx = db,
  ): Promise<RequestDto> {
    return JSON.parse((await detailText(actor, id, expand, from)).text) as RequestDto;
  }

  const writes = createRequestWrites({
    db,
    types: requestTypeHandlers(deps.forms, deps.types),
    files: deps.files,
    carts: deps.carts,
    decisions: deps.decisions,
    load,
    get,
  });

  return {
    /** GET abn_dashboard/: the count of each ABN dashboard tab, among the requests the caller reads. */
    async abnDashboard(actor: Actor) {
      const counts = await repo.abnDashboardCounts(db, ABN_DASHBOARD_TABS, readableRequests(actor));
      return {
        tabs: ABN_DASHBOARD_TABS.map((tab) => ({
          key: tab.key,
          label: tab.label,
          count: counts.get(tab.key) ?? 0,
        })),
      };
    },

    /** GET request/: the page's rows written by the read model, as one JSON array text. */
    async list(actor: Actor, query: Query) {
      const list = parseListQuery(requestList, query);
      const page = await selectPageIds(db, requestList, list, readableRequests(actor), {
        count: true,
        narrowScope: true,
        kept: requestPages,
      });
      const [rows, decided] = await Promise.all([
        readRequestPage(db, actor, page.ids, list.expand),
        decisionTimes(db),
      ]);
      const resultsJson = rows.map((row) => requestText(row, decided));
      return { list, count: page.count, resultsJson };
    },

    /** GET request/{id}/: the detail as the JSON text the read model wrote, with its version (the ETag). */
    async detail(actor: Actor, id: number, expand: ReadonlySet<string>) {
      const { text, version } = await detailText(actor, id, expand, db, true);
      return new VersionedAnswer(jsonText(text), version);
    },

    get,

    /** POST request/ and PATCH request/{id}/ (request-writes.ts). */
    create: writes.create,
    update: writes.update,

    /**
     * DELETE request/{id}/: refused once the request is approved (or pending team, fulfilled,
     * suspended, archived) or rejected (researcher §8, decision 093); answers `{status, msg, data}` as project deletion does (staff §8).
     */
    async remove(actor: Actor, id: number) {
      return db.transaction(async (tx) => {
        const locked = await repo.lockRequest(tx, id);
        if (!locked) throw new NotFoundError();
        const view = await load(tx, actor, id);
        authorize(actor, 'delete', 'Request', subjectOfView(view, actor));
        if (UNDELETABLE_STATUSES.includes(locked.statusId as (typeof UNDELETABLE_STATUSES)[number])) {
          const message = REQUEST_MESSAGES.cannotDeleteDecided;
          throw new ValidationError({ non_field_errors: [message] }, undefined, {
            status: false,
            data: {
              non_field_errors: [message],
              id: locked.id,
              portal_request_id: locked.portalRequestId,
              status: locked.statusId,
              status_name: REQUEST_STATUSES[locked.statusId as keyof typeof REQUEST_STATUSES] ?? '',
            },
          });
        }
        const before = await repo.requestSnapshot(tx, id);
        await deleteRequest(tx, id);
        await recordHistory(tx, { model: 'request', objectId: id, action: 'delete', before, by: actor });
        return {
          status: true as const,
          msg: REQUEST_MESSAGES.deleted,
          data: {
            id: locked.id,
            portal_request_id: locked.portalRequestId,
            display_name: locked.displayName,
          },
        };
      });
    },

    /** POST validateSamples/: availability per id of one batch (researcher §7; decision 057). */
    async validateSamples(input: ValidateSamplesInput): Promise<{ results: SampleValidation[] }> {
      const found = await findSampleType(db, input.sample_type);
      if (!found) invalid({ sample_type: [REQUEST_MESSAGES.unknownSampleType] });
      const { sampleType } = found!;
      const stock = await samplesWithCounts(db, input.ids);
      return {
        results: input.ids.map((id) => {
          const sample = stock.get(id);
          const known = sample && sample.sampleTypeId === sampleType.id ? sample : undefined;
          return {
            id,
            availability: sampleAvailability(sample ?? null, {
              sampleTypeId: sampleType.id,
              sampleTypeCode: sampleType.type,
              generateIpscs: input.generate_ipscs ?? false,
            }),
            amount_available: known ? known.amountAvailable : null,
            unit: known ? known.unit : null,
            ipsc_consented: known ? known.ipscConsented : null,
            request_count: known ? known.requestCount : 0,
            approved_count: known ? known.approvedCount : 0,
          };
        }),
      };
    },

    /** The object the History conditions read for `history/?model=request&pk=`. */
    async historySubject(tx: DbOrTx, pk: string, actor: Actor): Promise<RequestSubject | null> {
      const view = /^\d{1,9}$/.test(pk) ? await repo.findRequest(tx, Number(pk), actor.userId) : null;
      return view ? subjectOfView(view, actor) : null;
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;

/*
 * What the modules built on requests use of them (decisions, the staff panel, the Research Match
 * and tissue request types and their documents): the row locked for a change and the snapshot its
 * history records, the caller's view and its permission subject, the workflow's one writer, and
 * what a request type's handler is made of.
 */
export { applyTransition, teamOf } from './requests.workflow';
export {
  fileOfVisibleRequest,
  findProjectForRequest,
  findRequest,
  lockRequest,
  requestSnapshot,
  type RequestRow,
} from './requests.repo';
export { reviewersOfRequests } from './request-relations.repo';
export { requestFileSubject } from './request-files';
export { presentReviewUser, subjectOfView, type RequestSubject } from './requests.presenter';
