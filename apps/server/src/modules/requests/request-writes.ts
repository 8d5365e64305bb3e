import {
  can,
  irbExpiryState,
  REQUEST_MESSAGES,
  resourceMixError,
  RETURN_TO_APPLICANT_STATUSES,
  WORKFLOW_MESSAGES,
  WORKFLOW_STATUS,
  type Actor,
  type CreateRequestInput,
  type RequestDto,
  type UpdateRequestInput,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import type { ClaimIdempotencyKey } from '../../platform/http/idempotency';
import { authorize } from '../../platform/http/access';
import { NotFoundError, invalid } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import type { FilesService } from '../files/files.service';
import { accessList, checkCohorts, checkUsage, filesForOthers, selectionOf } from './request-write-checks';
import type {
  RequestTypeHandler,
  ResolveInput,
  Resolved,
} from '../request-type-handlers/request-type-handlers.service';
import { usageAnswersOf } from '../request-type-handlers/request-type-handlers.service';
import type { DecisionsForRequests, TissueCollections } from './request-hooks';
import { applyTransition } from './requests.workflow';
import { subjectOfView, type RequestView } from './requests.presenter';
import { relationsOf } from './request-relations.repo';
import { featureEnabled } from './request-write-checks.repo';
import * as writes from './request-writes.repo';
import * as repo from './requests.repo';

type By = Pick<Actor, 'userId' | 'impersonatorId'>;

const STATUS_WORKFLOW = 'Status changes other than submitting are made through the review workflow.';
const STATUS_ALONE = 'A decision changes the status only: send the other changes separately.';
const NOT_PI = "The request's owner must be the project's Principal Investigator.";
const PROJECT_NOT_FOUND = 'Project not found.';

/**
 * Filing and editing requests (researcher §4, §5): the checks every write makes, then the type's
 * own through its handler, then the store and, on submission, the workflow's move. Part of the
 * requests service.
 */
export function createRequestWrites(deps: {
  db: Db;
  types: ReadonlyMap<number, RequestTypeHandler>;
  files: Pick<FilesService, 'linkToRequest'>;
  carts: TissueCollections;
  decisions: DecisionsForRequests;
  load: (tx: DbOrTx, actor: Actor, id: number) => Promise<RequestView>;
  get: (actor: Actor, id: number, expand: ReadonlySet<string>, from?: DbOrTx) => Promise<RequestDto>;
}) {
  const { db, decisions, load, get } = deps;

  /** The handler of a type the wizard files; the other types are refused. */
  function handlerOf(type: number): RequestTypeHandler {
    const handler = deps.types.get(type);
    return handler ?? invalid({ type: [REQUEST_MESSAGES.unsupportedType] });
  }

  /**
   * Checks the resources, forms and samples of a request (researcher §5) and returns what to
   * store. Every check the wizard makes is made again here, with the wizard's messages.
   */
  async function resolve(tx: DbOrTx, handler: RequestTypeHandler, input: ResolveInput): Promise<Resolved> {
    const mix = resourceMixError(selectionOf(input.datasetIds, input.additionalData));
    if (mix) invalid({ non_field_errors: [mix] });
    return handler.resolve(tx, input);
  }

  async function history(tx: DbOrTx, id: number, action: 'create' | 'update', before: object | null, by: By) {
    await recordHistory(tx, {
      model: 'request',
      objectId: id,
      action,
      before: before as Record<string, unknown> | null,
      after: await repo.requestSnapshot(tx, id),
      by,
    });
  }

  return {
    /**
     * POST request/: the request with its datasets, samples and team list, in one transaction.
     * Status 1 (Created), or 2 (Submitted, with the submission date) when submitted.
     */
    /**
     * `claimKey` takes the caller's Idempotency-Key in the same transaction (one key, one
     * request), and the answer is kept with it.
     */
    async create(
      actor: Actor,
      input: CreateRequestInput,
      expand: ReadonlySet<string>,
      claimKey?: ClaimIdempotencyKey,
    ): Promise<RequestDto> {
      const answer = await db.transaction(async (tx) => {
        const claim = await claimKey?.(tx);
        const now = new Date();
        const found = await repo.findProjectForRequest(tx, input.project);
        if (!found) invalid({ project: [PROJECT_NOT_FOUND] });
        const { project, irbData } = found!;
        const staff = filesForOthers(actor);
        if (!staff && project.ownerId !== actor.userId)
          invalid({ project: [REQUEST_MESSAGES.notYourProject] });
        if (staff && input.owner != null && input.owner !== project.ownerId) invalid({ owner: [NOT_PI] });
        const ownerId = project.ownerId;
        // A suspended request stops its owner filing new ones until it is resolved (staff §4.4).
        const owner = await repo.findUser(tx, ownerId);
        if (owner?.suspendedRequestId != null)
          invalid({ non_field_errors: [WORKFLOW_MESSAGES.suspendedPrevents] });
        const irbState = irbExpiryState(
          irbData
            ? {
                designation: Number(irbData.designation),
                renewal_date: typeof irbData.renewal_date === 'string' ? irbData.renewal_date : null,
              }
            : null,
          now,
        );
        if (irbState === 'expired') invalid({ project: [REQUEST_MESSAGES.irbExpired] });
        const handler = handlerOf(input.type);
        if (handler.feature && !(await featureEnabled(tx, handler.feature)))
          invalid({ type: [REQUEST_MESSAGES.unsupportedType] });
        if (
          input.status != null &&
          input.status !== WORKFLOW_STATUS.created &&
          input.status !== WORKFLOW_STATUS.submitted
        ) {
          invalid({ status: [REQUEST_MESSAGES.statusNotAllowed] });
        }
        const submit = input.submit === true || input.status === WORKFLOW_STATUS.submitted;

        const additional = { ...(input.additional_data ?? {}) };
        if (input.usage_answers != null) additional.usage_answers = input.usage_answers;
        const resolved = await resolve(tx, handler, {
          type: input.type,
          ownerId,
          filerId: actor.userId,
          actor,
          projectId: project.id,
          nonAutism: project.nonAutismResearch,
          datasetIds: input.datasets ?? [],
          additionalData: additional,
          intentToDownload: input.intent_to_download ?? null,
          agreedNih: input.agreed_nih ?? null,
          dataSafeguard: input.data_safeguard ?? null,
          gpfAccessStatus: input.gpf_access_status ?? null,
          checkApproved: true,
        });
        await checkCohorts(tx, input.cohorts, resolved.cohortIds);
        if (!staff) {
          checkUsage(input.type, input.agreed_to_usage_policy, [
            input.usage_answers,
            input.additional_data?.usage_answers,
          ]);
        }
        const members = await accessList(tx, project.id, ownerId, input.access_control_list ?? []);

        // Every request starts as Created; submitting is the workflow's move (applyTransition).
        let request = await writes.insertRequest(tx, {
          typeId: input.type,
          statusId: WORKFLOW_STATUS.created,
          projectId: project.id,
          ownerId,
          creatorId: actor.userId,
          institutionId: project.institutionId,
          submissionDate: null,
          additionalData: resolved.additionalData,
          displayName: resolved.displayName,
          cohortIds: resolved.cohortIds,
          sampleTypeId: resolved.sampleTypeId,
          intentToDownload: handler.datasetTerms ? (input.intent_to_download ?? null) : null,
          agreedNih: handler.datasetTerms ? (input.agreed_nih ?? null) : null,
          dataSafeguard: handler.datasetTerms ? (input.data_safeguard ?? null) : null,
          gpfAccessStatus: resolved.gpfAccessStatus,
          agreedToUsagePolicy: input.agreed_to_usage_policy === true,
          created: now,
          modified: now,
        });
        await writes.setDatasets(tx, request.id, resolved.datasetIds);
        await writes.setSamples(tx, request.id, resolved.samples);
        await writes.setMembers(tx, request.id, members, now);
        await deps.files.linkToRequest(tx, resolved.documentIds, request.id);
        if (resolved.cartId !== null)
          await deps.carts.attach(tx, actor, { cartId: resolved.cartId, requestId: request.id });
        if (submit) {
          ({ row: request } = await applyTransition(tx, {
            request,
            to: WORKFLOW_STATUS.submitted,
            kind: 'submission',
            by: actor,
            now,
            recordHistory: false,
          }));
          await decisions.queueSubmissionReceipt(tx, actor, request.id);
          await handler.submitted?.(tx, request.id, actor);
        }
        await history(tx, request.id, 'create', null, actor);
        const created = await get(actor, request.id, expand, tx);
        return claim ? claim.keep(tx, created) : created;
      });
      return answer;
    },

    /**
     * PATCH request/{id}/: the owner edits a draft, or a request returned to them (Revisions
     * Requested, Deferred), which goes back to Submitted; `status: 2` submits a draft. Staff who
     * edit requests may change the fields in any status; only a returned request moves (to
     * Submitted).
     */
    async update(actor: Actor, id: number, input: UpdateRequestInput, expand: ReadonlySet<string>) {
      // A status from a decider is a decision (staff §7 "PATCH request/{id} status"), made by the
      // same service as POST request/{id}/decision/ without a composed e-mail (a decision that
      // requires one sends its draft, decision 096); only submitting stays an edit.
      if (
        input.status !== undefined &&
        input.status !== WORKFLOW_STATUS.submitted &&
        can(actor, 'decide', 'Request')
      ) {
        const decided = await db.transaction(async (tx) => {
          const locked = await repo.lockRequest(tx, id);
          if (!locked) throw new NotFoundError();
          const view = await load(tx, actor, id);
          const subject = subjectOfView(view, actor);
          authorize(actor, 'decide', 'Request', subject);
          // Deciders who edit nothing else of a request reach this PATCH for its decisions alone.
          authorize(actor, 'update', 'Request', { ...subject, decision: true });
          if (locked.statusId === input.status) return false;
          const status = input.status!;
          const others = Object.entries(input).filter(
            ([key, value]) => key !== 'status' && value !== undefined,
          );
          if (others.length > 0) invalid({ status: [STATUS_ALONE] });
          await decisions.decideInTx(tx, actor, locked, { status, email: null });
          return true;
        });
        if (decided) return get(actor, id, expand);
      }
      await db.transaction(async (tx) => {
        const now = new Date();
        const locked = await repo.lockRequest(tx, id);
        if (!locked) throw new NotFoundError();
        const view = await load(tx, actor, id);
        authorize(actor, 'update', 'Request', subjectOfView(view, actor));
        const staff = can(actor, 'update', 'Request');
        const status = locked.statusId as (typeof RETURN_TO_APPLICANT_STATUSES)[number];
        const returned = RETURN_TO_APPLICANT_STATUSES.includes(status);
        if (!staff && status !== WORKFLOW_STATUS.created && !returned)
          invalid({ non_field_errors: [REQUEST_MESSAGES.notEditable] });

        const handler = handlerOf(locked.typeId);
        const wantsSubmit = input.submit === true || input.status === WORKFLOW_STATUS.submitted;
        if (
          input.status !== undefined &&
          input.status !== WORKFLOW_STATUS.submitted &&
          input.status !== locked.statusId
        ) {
          invalid({ status: [STATUS_WORKFLOW] });
        }
        if (
          input.status === WORKFLOW_STATUS.submitted &&
          locked.statusId !== WORKFLOW_STATUS.created &&
          !returned &&
          locked.statusId !== WORKFLOW_STATUS.submitted
        ) {
          invalid({ status: [STATUS_WORKFLOW] });
        }

        const before = await repo.requestSnapshot(tx, id);
        const current = { ...locked.additionalData, ...(await handler.storedAnswers?.(tx, locked)) };
        const merged = { ...current, ...(input.additional_data ?? {}) };
        if (input.usage_answers !== undefined) merged.usage_answers = input.usage_answers;
        const relations = await relationsOf(tx, [id]);
        const datasetIds = (relations.datasets.get(id) ?? []).map((entry) => entry.dataset.id);
        const value = <T>(next: T | undefined, previous: T) => (next === undefined ? previous : next);
        const intentToDownload = value(input.intent_to_download, locked.intentToDownload);
        const agreedNih = value(input.agreed_nih, locked.agreedNih);
        const dataSafeguard = value(input.data_safeguard, locked.dataSafeguard);
        const agreed = value(input.agreed_to_usage_policy, locked.agreedToUsagePolicy);
        const resolved = await resolve(tx, handler, {
          type: locked.typeId,
          ownerId: locked.ownerId,
          filerId: actor.userId,
          actor,
          projectId: locked.projectId,
          nonAutism: view.project.nonAutismResearch,
          datasetIds,
          additionalData: merged,
          intentToDownload: intentToDownload ?? null,
          agreedNih: agreedNih ?? null,
          dataSafeguard: dataSafeguard ?? null,
          gpfAccessStatus: value(input.gpf_access_status, locked.gpfAccessStatus) ?? null,
          checkApproved: false,
          excludeRequestId: id,
        });
        const actorIsOwner = locked.ownerId === actor.userId;
        const sentAnswers = [input.usage_answers, input.additional_data?.usage_answers].filter(
          (answers) => answers !== undefined,
        );
        if (
          actorIsOwner &&
          !filesForOthers(actor) &&
          (wantsSubmit || input.agreed_to_usage_policy !== undefined || sentAnswers.length > 0)
        ) {
          checkUsage(
            locked.typeId,
            agreed,
            sentAnswers.length > 0 ? sentAnswers : [usageAnswersOf(merged.usage_answers)],
          );
        }

        await writes.updateRequest(tx, id, {
          additionalData: resolved.additionalData,
          displayName: resolved.displayName,
          cohortIds: resolved.cohortIds,
          intentToDownload: handler.datasetTerms ? (intentToDownload ?? null) : null,
          agreedNih: handler.datasetTerms ? (agreedNih ?? null) : null,
          dataSafeguard: handler.datasetTerms ? (dataSafeguard ?? null) : null,
          gpfAccessStatus: resolved.gpfAccessStatus,
          agreedToUsagePolicy: agreed,
        });
        await writes.setSamples(tx, id, resolved.samples);
        await deps.files.linkToRequest(tx, resolved.documentIds, id);
        if (resolved.cartId !== null)
          await deps.carts.attach(tx, actor, { cartId: resolved.cartId, requestId: id });
        if (input.access_control_list !== undefined) {
          await writes.setMembers(
            tx,
            id,
            await accessList(tx, locked.projectId, locked.ownerId, input.access_control_list),
            now,
          );
        }
        // Submitting a draft; an edit of a returned request sends it back to review (researcher §4).
        if ((wantsSubmit && locked.statusId === WORKFLOW_STATUS.created) || returned) {
          await applyTransition(tx, {
            request: locked,
            to: WORKFLOW_STATUS.submitted,
            kind: 'submission',
            by: actor,
            now,
            recordHistory: false,
          });
          await decisions.queueSubmissionReceipt(tx, actor, id);
          await handler.submitted?.(tx, id, actor);
        }
        await history(tx, id, 'update', before, actor);
      });
      return get(actor, id, expand);
    },
  };
}
