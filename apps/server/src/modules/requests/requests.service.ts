import {
  ABN_DASHBOARD_TABS,
  availabilityPasses,
  can,
  decisionsFor,
  irbExpiryState,
  isRecontacting,
  normalizeRequestSampleIds,
  REQUEST_MESSAGES,
  RESEARCH_MATCH_TYPE,
  WORKFLOW_MESSAGES,
  REQUEST_STATUSES,
  resourceMixError,
  RETURN_TO_APPLICANT_STATUSES,
  sampleAvailability,
  MAX_ID,
  SAMPLE_FORM_IDS,
  TISSUE_NETWORK_TYPES,
  UNDELETABLE_STATUSES,
  usageStepComplete,
  yes,
  type Actor,
  type DecisionTimes,
  type CreateRequestInput,
  type RequestDto,
  type RequestStatusId,
  type SampleValidation,
  type SelectedResource,
  type UpdateRequestInput,
  type ValidateSamplesInput,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import type { ClaimIdempotencyKey } from '../../platform/http/idempotency';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError, type FieldErrors, invalid } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { inPageOrder, parseListQuery, selectPageIds } from '../../platform/list';
import type { FilesService } from '../files/files.service';
import type { FormsService } from '../forms/forms.service';
import type { EmailService } from '../email/email.service';
import type { EmailContext } from './decisions.emails';
import { createDecisions, type OnUnderReview } from './decisions.service';
import { applyTransition, teamOf } from './requests.workflow';
import { resolveResearchMatchApplication } from './research-match-application';
import { resolveTissueRequest, type TissueCollections } from './tissue-request';
import { readableRequests, requestList } from './requests.lists';
import {
  accessTypesOf,
  presentRequest,
  subjectOfView,
  type RequestSubject,
  type RequestView,
} from './requests.presenter';
import * as repo from './requests.repo';

type By = Pick<Actor, 'userId' | 'impersonatorId'>;
type Query = Record<string, string | undefined>;

/** How long the decision times behind `expected_decision` are reused. */
const DECISION_TIMES_TTL_MS = 10 * 60_000;
const CREATED = 1;
const SUBMITTED = 2;
const DATASET = 1;
const BIOSPECIMEN = 2;
/** Request types the wizard files (issues 7, 17 and 18); the others come with their own work. */
const FILED_TYPES = new Set([DATASET, BIOSPECIMEN, RESEARCH_MATCH_TYPE, ...TISSUE_NETWORK_TYPES]);
/** The brain-tissue network's requests are filed only while the abn_epic flag is on (researcher §5). */
const ABN_FEATURE = 'abn_epic';

const STATUS_WORKFLOW = 'Status changes other than submitting are made through the review workflow.';
const STATUS_ALONE = 'A decision changes the status only: send the other changes separately.';
const NOT_PI = "The request's owner must be the project's Principal Investigator.";
const PROJECT_NOT_FOUND = 'Project not found.';

/** Staff who file requests for a PI (admins, tissue project managers): they read every request. */
const filesForOthers = (actor: Actor) => can(actor, 'create', 'Request') && can(actor, 'read', 'Request');

/** The resources a payload names, for the mixing rules. */
function selectionOf(
  datasetIds: readonly number[],
  additionalData: Record<string, unknown>,
): SelectedResource[] {
  const selection: SelectedResource[] = datasetIds.map((id) => ({ kind: 'dataset', id }));
  const sampleType = additionalData.sample_type;
  const sampleTypes = Array.isArray(sampleType) ? sampleType : sampleType == null ? [] : [sampleType];
  for (const id of sampleTypes) selection.push({ kind: 'sample_type', id: String(id) });
  if (additionalData.rm_application != null) selection.push({ kind: 'research_match' });
  if (additionalData.cart != null) selection.push({ kind: 'tissue' });
  return selection;
}

/** `samples` as ids with amounts: `{id: amount}`, or a list / text of ids (amount 1 each). */
function sampleEntries(raw: unknown): { ids: string[]; amounts: Map<string, number>; badAmount: boolean } {
  const amounts = new Map<string, number>();
  let badAmount = false;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      const [id] = normalizeRequestSampleIds(key);
      if (!id) continue;
      const amount = value === null || value === undefined || value === '' ? 1 : Number(value);
      if (!Number.isFinite(amount) || amount <= 0) badAmount = true;
      amounts.set(id, amount);
    }
  } else {
    for (const id of normalizeRequestSampleIds(raw)) amounts.set(id, 1);
  }
  return { ids: [...amounts.keys()], amounts, badAmount };
}

/** The usage answers as stored: a list of true/false answers, or nothing. */
function usageAnswersOf(value: unknown): (boolean | null)[] | null {
  if (!Array.isArray(value) || value.length > 10) return null;
  return value.every((answer) => answer === true || answer === false || answer === null) ? value : null;
}

/** The state a write leads to, checked in full before anything is stored. */
interface Resolved {
  displayName: string;
  cohortIds: number[];
  datasetIds: number[];
  sampleTypeId: number | null;
  samples: { id: string; amount: number }[];
  additionalData: Record<string, unknown>;
  gpfAccessStatus: number | null;
  /** Uploaded documents the answers name (Research Match, tissue), linked to the request once stored. */
  documentIds: number[];
  /** The collection a pilot or tissue request asks for, tied to it once stored. */
  cartId: number | null;
}

export function createRequestsService(deps: {
  db: Db;
  forms: FormsService;
  /** Research Match documents: the filer's uploads the application names, linked to the request. */
  files: Pick<FilesService, 'uploadedBy' | 'linkToRequest'>;
  /**
   * Called in the transaction that submits a Research Match application (the research-match
   * module starts the staff's summary from it).
   */
  onResearchMatchSubmitted: (tx: DbOrTx, requestId: number, by: Actor) => Promise<void>;
  /** Decision e-mails go through the e-mail module (templates, queue, audit). */
  email: EmailService;
  emailContext: EmailContext;
  /** The tissue network's collections, which pilot and tissue requests ask for (issue 18). */
  carts: TissueCollections;
  /** What a request moved to Under Review by a decision also gets (tissue: Begin Review, issue 29). */
  onUnderReview?: OnUnderReview;
}) {
  const { db, forms } = deps;

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

  async function present(tx: DbOrTx, actor: Actor, views: RequestView[], expand: ReadonlySet<string>) {
    const ids = views.map((view) => view.request.id);
    const [relations, names, decided, summaries] = await Promise.all([
      repo.relationsOf(tx, ids),
      repo.cohortNames(
        tx,
        views.flatMap((view) => view.request.cohortIds),
      ),
      // Through the caller's transaction: on PGlite a read outside it would wait for its end.
      decisionTimes(tx),
      expand.has('summary') ? repo.summariesOf(tx, ids) : undefined,
    ]);
    if (summaries) relations.summaries = summaries;
    return views.map((view) => presentRequest(actor, view, relations, names, expand, decided));
  }

  /** `from`: a transaction, when the answer is built (and kept) before the write commits. */
  async function get(
    actor: Actor,
    id: number,
    expand: ReadonlySet<string>,
    from: DbOrTx = db,
  ): Promise<RequestDto> {
    const view = await load(from, actor, id);
    const subject = subjectOfView(view, actor);
    authorize(actor, 'read', 'Request', subject);
    const { request } = view;
    const decider = can(actor, 'decide', 'Request', subject);
    const returned = RETURN_TO_APPLICANT_STATUSES.includes(request.statusId as RequestStatusId);
    // The detail's parts are independent reads: on a pool they run side by side.
    const [[dto], team, decision_message] = await Promise.all([
      present(from, actor, [view], expand),
      decider ? teamOf(from, request.projectId) : undefined,
      returned && (decider || request.ownerId === actor.userId)
        ? decisions.returnMessage(from, id, request.statusId)
        : undefined,
    ]);
    const transitions = team
      ? decisionsFor(actor, { type: request.typeId, status: request.statusId }, team.complete).options
      : [];
    return { ...dto!, transitions, ...(decision_message !== undefined ? { decision_message } : {}) };
  }

  const decisions = createDecisions({
    db,
    email: deps.email,
    emailContext: deps.emailContext,
    get,
    onUnderReview: deps.onUnderReview,
  });

  /**
   * Checks the resources, forms and samples of a request (researcher §5) and returns what to
   * store. Every check the wizard makes is made again here, with the wizard's messages.
   */
  async function resolve(
    tx: DbOrTx,
    input: {
      type: number;
      ownerId: number;
      /** Who files or edits it (the owner, or staff filing for them). */
      filerId: number;
      actor: Actor;
      projectId: number;
      nonAutism: boolean;
      datasetIds: number[];
      additionalData: Record<string, unknown>;
      intentToDownload: boolean | null;
      agreedNih: boolean | null;
      dataSafeguard: boolean | null;
      gpfAccessStatus: number | null;
      checkApproved: boolean;
      excludeRequestId?: number;
    },
  ): Promise<Resolved> {
    const mix = resourceMixError(selectionOf(input.datasetIds, input.additionalData));
    if (mix) invalid({ non_field_errors: [mix] });

    if (TISSUE_NETWORK_TYPES.includes(input.type)) {
      const tissue = await resolveTissueRequest(tx, deps, {
        actor: input.actor,
        type: input.type,
        ownerId: input.ownerId,
        nonAutism: input.nonAutism,
        datasetIds: input.datasetIds,
        additionalData: input.additionalData,
        uploaderIds: [...new Set([input.ownerId, input.filerId])],
        requestId: input.excludeRequestId ?? null,
        checkAccess: input.checkApproved,
      });
      return {
        displayName: tissue.displayName,
        cohortIds: tissue.cohortIds,
        datasetIds: [],
        sampleTypeId: null,
        samples: [],
        additionalData: tissue.additionalData,
        gpfAccessStatus: null,
        documentIds: tissue.documentIds,
        cartId: tissue.cartId,
      };
    }

    if (input.type === RESEARCH_MATCH_TYPE) {
      const application = await resolveResearchMatchApplication(tx, deps, {
        projectId: input.projectId,
        nonAutism: input.nonAutism,
        datasetIds: input.datasetIds,
        additionalData: input.additionalData,
        uploaderIds: [...new Set([input.ownerId, input.filerId])],
        requestId: input.excludeRequestId ?? null,
      });
      return {
        displayName: application.displayName,
        cohortIds: application.cohortIds,
        datasetIds: [],
        sampleTypeId: null,
        samples: [],
        additionalData: application.additionalData,
        gpfAccessStatus: null,
        documentIds: application.documentIds,
        cartId: null,
      };
    }

    if (input.type === DATASET) {
      if (input.datasetIds.length === 0) invalid({ datasets: [REQUEST_MESSAGES.chooseDataset] });
      if (input.additionalData.sample_type != null)
        invalid({ non_field_errors: [REQUEST_MESSAGES.unsupportedType] });
      const rows = await repo.datasetsByIds(tx, input.datasetIds);
      if (rows.length !== new Set(input.datasetIds).size || rows.some((row) => !row.dataset.available)) {
        invalid({ datasets: [REQUEST_MESSAGES.unknownDataset] });
      }
      const restricted = rows.filter((row) => row.dataset.limited).map((row) => row.dataset.id);
      const allowed = await repo.allowedDatasetIds(tx, input.ownerId, restricted);
      if (restricted.some((id) => !allowed.has(id)))
        invalid({ datasets: [REQUEST_MESSAGES.restrictedResource] });
      if (input.nonAutism && rows.some((row) => row.dataset.cohortId !== null)) {
        invalid({ datasets: [REQUEST_MESSAGES.nonAutismCohort] });
      }
      if (input.checkApproved) {
        const approved = await repo.approvedDatasetIds(tx, input.ownerId, input.datasetIds);
        const names = rows
          .filter((row) => approved.has(row.dataset.datasetId))
          .map((row) => row.dataset.name);
        if (names.length > 0) invalid({ datasets: [REQUEST_MESSAGES.alreadyApproved(names)] });
      }

      // The dataset forms (researcher §3 "Other forms"), through the one validator.
      const errors: FieldErrors = {};
      const security = forms.validate('dataset_security', {
        agreed_nih: input.agreedNih ? [true] : [],
        data_safeguard: input.dataSafeguard ? [true] : [],
      });
      for (const [key, message] of Object.entries(security.errors)) errors[key] = [message];
      const channels = new Set(rows.flatMap((row) => accessTypesOf(row.dataset)));
      let gpfAccessStatus: number | null = null;
      if (channels.has('GPF')) {
        const gpf = forms.validate('gpf_access', { gpf_access_status: input.gpfAccessStatus });
        for (const [key, message] of Object.entries(gpf.errors)) errors[key] = [message];
        gpfAccessStatus = (gpf.values.gpf_access_status as number | undefined) ?? null;
      }
      const additionalData: Record<string, unknown> = {};
      const answers = usageAnswersOf(input.additionalData.usage_answers);
      if (answers) additionalData.usage_answers = answers;
      // A cloud-transfer username for the two cloud access types (researcher §5 "Resource details").
      if (input.intentToDownload && (channels.has('Globus') || channels.has('AWS'))) {
        const globus = forms.validate('globus_account', {
          globus_username: input.additionalData.globus_username,
        });
        for (const [key, message] of Object.entries(globus.errors)) errors[key] = [message];
        additionalData.globus_username = globus.values.globus_username ?? null;
      }
      if (Object.keys(errors).length > 0) invalid(errors);
      const cohortIds = [
        ...new Set(rows.flatMap((row) => (row.dataset.cohortId ? [row.dataset.cohortId] : []))),
      ];
      const ordered = input.datasetIds.map((id) => rows.find((row) => row.dataset.id === id)!);
      return {
        displayName: ordered.map((row) => row.dataset.name).join(', '),
        cohortIds,
        datasetIds: [...new Set(input.datasetIds)],
        sampleTypeId: null,
        samples: [],
        additionalData,
        gpfAccessStatus,
        documentIds: [],
        cartId: null,
      };
    }

    // Biospecimen: one sample type, its form, and sample ids that validate (researcher §5).
    if (input.datasetIds.length > 0) invalid({ non_field_errors: [REQUEST_MESSAGES.unsupportedType] });
    const sampleTypeId = Number(input.additionalData.sample_type);
    if (!Number.isInteger(sampleTypeId) || sampleTypeId <= 0 || sampleTypeId > MAX_ID)
      invalid({ sample_type: [REQUEST_MESSAGES.chooseSampleType] });
    const found = await repo.findSampleType(tx, sampleTypeId);
    if (!found || !found.sampleType.available) invalid({ sample_type: [REQUEST_MESSAGES.unknownSampleType] });
    const { sampleType, cohortIds } = found!;
    if (sampleType.limited && !(await repo.mayRequestSampleType(tx, input.ownerId, sampleType.id))) {
      invalid({ sample_type: [REQUEST_MESSAGES.restrictedResource] });
    }
    if (input.nonAutism && cohortIds.length > 0) invalid({ sample_type: [REQUEST_MESSAGES.nonAutismCohort] });
    const formId = sampleType.type as (typeof SAMPLE_FORM_IDS)[number];
    if (!SAMPLE_FORM_IDS.includes(formId)) invalid({ sample_type: [REQUEST_MESSAGES.unknownSampleType] });

    const entries = sampleEntries(input.additionalData.samples);
    const answers = { ...input.additionalData, samples: entries.ids };
    const result = forms.validate(formId, answers);
    const errors: FieldErrors = Object.fromEntries(
      Object.entries(result.errors).map(([key, message]) => [key, [message]]),
    );
    if (errors.samples) errors.samples = [REQUEST_MESSAGES.samplesRequired];
    if (entries.badAmount) errors.samples = [REQUEST_MESSAGES.amount];
    if (Object.keys(errors).length > 0) invalid(errors);

    const generateIpscs = yes(input.additionalData.generate_ipscs);
    const stock = await repo.samplesWithCounts(tx, entries.ids, input.excludeRequestId);
    const availability = entries.ids.map((id) => ({
      id,
      availability: sampleAvailability(stock.get(id), {
        sampleTypeId: sampleType.id,
        sampleTypeCode: sampleType.type,
        generateIpscs,
      }),
    }));
    const failing = availability.filter((entry) => !availabilityPasses(entry.availability, generateIpscs));
    if (failing.length > 0) {
      throw new ValidationError({ samples: [REQUEST_MESSAGES.saveFailedIds] }, undefined, {
        invalid_samples: failing,
      });
    }
    const additionalData: Record<string, unknown> = { ...result.values };
    delete additionalData.samples;
    const usageAnswers = usageAnswersOf(input.additionalData.usage_answers);
    if (usageAnswers) additionalData.usage_answers = usageAnswers;
    else delete additionalData.usage_answers;
    return {
      displayName: sampleType.name,
      cohortIds,
      datasetIds: [],
      sampleTypeId: sampleType.id,
      samples: entries.ids.map((id) => ({ id, amount: entries.amounts.get(id)! })),
      additionalData,
      gpfAccessStatus: null,
      documentIds: [],
      cartId: null,
    };
  }

  /** The access control list: users on the project's current team, each once; the PI always. */
  async function accessList(
    tx: DbOrTx,
    projectId: number,
    ownerId: number,
    input: readonly { user_id: number; removal_date?: string | null }[],
  ) {
    const seen = new Set<number>();
    const team = await repo.teamAccountIds(tx, projectId);
    const entries: { userId: number; removalDate: Date | null }[] = [];
    for (const row of input) {
      if (seen.has(row.user_id)) invalid({ access_control_list: [REQUEST_MESSAGES.teamDuplicate] });
      seen.add(row.user_id);
      if (row.user_id !== ownerId && !team.has(row.user_id))
        invalid({ access_control_list: [REQUEST_MESSAGES.teamMember] });
      entries.push({
        userId: row.user_id,
        removalDate: row.user_id === ownerId || !row.removal_date ? null : new Date(row.removal_date),
      });
    }
    if (!seen.has(ownerId)) entries.unshift({ userId: ownerId, removalDate: null });
    return entries;
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

  /**
   * The usage step (researcher §5): researchers agree to the terms, and every list of answers they
   * send (at the top level, in `additional_data`, or kept from before) is all True (decision 095);
   * staff filing for a PI skip it.
   */
  function checkUsage(
    type: number,
    agreed: boolean | null | undefined,
    answerLists: readonly ((boolean | null)[] | null | undefined)[],
  ) {
    const recontacting = isRecontacting(type);
    const sent = answerLists.filter((answers) => answers != null);
    const complete = (sent.length > 0 ? sent : [null]).every((answers) =>
      usageStepComplete({ answers, agreed_to_usage_policy: agreed }, recontacting),
    );
    if (!complete) {
      invalid({
        agreed_to_usage_policy: [
          recontacting ? REQUEST_MESSAGES.termsRequired : REQUEST_MESSAGES.usageAnswers,
        ],
      });
    }
  }

  /** Cohorts sent with a request must be those its resources belong to (decision 097). */
  async function checkCohorts(tx: DbOrTx, sent: readonly number[] | null | undefined, resolved: number[]) {
    if (sent == null) return;
    const expected = new Set(resolved);
    const given = new Set(sent);
    if (given.size === expected.size && [...given].every((cohort) => expected.has(cohort))) return;
    const names = await repo.cohortNames(tx, resolved);
    invalid({ cohorts: [REQUEST_MESSAGES.cohortsOfResources(resolved.map((cohort) => names.get(cohort)!))] });
  }

  return {
    /** Decisions: GET decisions/, GET decision-email/, POST decision/ (decisions.service.ts). */
    decisions: decisions.decisions,
    decisionEmail: decisions.decisionEmail,
    decide: decisions.decide,

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

    async list(actor: Actor, query: Query) {
      const list = parseListQuery(requestList, query);
      const page = await selectPageIds(db, requestList, list, readableRequests(actor));
      const rows = await repo.requestsByIds(db, page.ids, actor.userId);
      const views = inPageOrder(page.ids, rows, (row) => row.request.id);
      return { list, count: page.count, results: await present(db, actor, views, list.expand) };
    },

    get,

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
        if (!FILED_TYPES.has(input.type)) invalid({ type: [REQUEST_MESSAGES.unsupportedType] });
        if (TISSUE_NETWORK_TYPES.includes(input.type) && !(await repo.featureEnabled(tx, ABN_FEATURE)))
          invalid({ type: [REQUEST_MESSAGES.unsupportedType] });
        if (input.status != null && input.status !== CREATED && input.status !== SUBMITTED) {
          invalid({ status: [REQUEST_MESSAGES.statusNotAllowed] });
        }
        const submit = input.submit === true || input.status === SUBMITTED;

        const additional = { ...(input.additional_data ?? {}) };
        if (input.usage_answers != null) additional.usage_answers = input.usage_answers;
        const resolved = await resolve(tx, {
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
        let request = await repo.insertRequest(tx, {
          typeId: input.type,
          statusId: CREATED,
          projectId: project.id,
          ownerId,
          creatorId: actor.userId,
          institutionId: project.institutionId,
          submissionDate: null,
          additionalData: resolved.additionalData,
          displayName: resolved.displayName,
          cohortIds: resolved.cohortIds,
          sampleTypeId: resolved.sampleTypeId,
          intentToDownload: input.type === DATASET ? (input.intent_to_download ?? null) : null,
          agreedNih: input.type === DATASET ? (input.agreed_nih ?? null) : null,
          dataSafeguard: input.type === DATASET ? (input.data_safeguard ?? null) : null,
          gpfAccessStatus: resolved.gpfAccessStatus,
          agreedToUsagePolicy: input.agreed_to_usage_policy === true,
          created: now,
          modified: now,
        });
        await repo.setDatasets(tx, request.id, resolved.datasetIds);
        await repo.setSamples(tx, request.id, resolved.samples);
        await repo.setMembers(tx, request.id, members, now);
        await deps.files.linkToRequest(tx, resolved.documentIds, request.id);
        if (resolved.cartId !== null)
          await deps.carts.attach(tx, actor, { cartId: resolved.cartId, requestId: request.id });
        if (submit) {
          ({ row: request } = await applyTransition(tx, {
            request,
            to: SUBMITTED,
            kind: 'submission',
            by: actor,
            now,
            recordHistory: false,
          }));
          await decisions.queueSubmissionReceipt(tx, actor, request.id);
          if (request.typeId === RESEARCH_MATCH_TYPE)
            await deps.onResearchMatchSubmitted(tx, request.id, actor);
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
      if (input.status !== undefined && input.status !== SUBMITTED && can(actor, 'decide', 'Request')) {
        const decision = await db.transaction(async (tx) => {
          const locked = await repo.lockRequest(tx, id);
          if (!locked) throw new NotFoundError();
          const view = await load(tx, actor, id);
          const subject = subjectOfView(view, actor);
          authorize(actor, 'decide', 'Request', subject);
          // Deciders who edit nothing else of a request reach this PATCH for its decisions alone.
          authorize(actor, 'update', 'Request', { ...subject, decision: true });
          if (locked.statusId === input.status) return null;
          const status = input.status!;
          const others = Object.entries(input).filter(
            ([key, value]) => key !== 'status' && value !== undefined,
          );
          if (others.length > 0) invalid({ status: [STATUS_ALONE] });
          return { emailQueued: await decisions.decideInTx(tx, actor, locked, { status, email: null }) };
        });
        if (decision) {
          return get(actor, id, expand);
        }
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
        if (!staff && status !== CREATED && !returned)
          invalid({ non_field_errors: [REQUEST_MESSAGES.notEditable] });

        if (!FILED_TYPES.has(locked.typeId)) invalid({ type: [REQUEST_MESSAGES.unsupportedType] });
        const wantsSubmit = input.submit === true || input.status === SUBMITTED;
        if (input.status !== undefined && input.status !== SUBMITTED && input.status !== locked.statusId) {
          invalid({ status: [STATUS_WORKFLOW] });
        }
        if (
          input.status === SUBMITTED &&
          locked.statusId !== CREATED &&
          !returned &&
          locked.statusId !== SUBMITTED
        ) {
          invalid({ status: [STATUS_WORKFLOW] });
        }

        const before = await repo.requestSnapshot(tx, id);
        const current = { ...locked.additionalData };
        if (locked.typeId === BIOSPECIMEN) {
          const relations = await repo.relationsOf(tx, [id]);
          current.samples = Object.fromEntries(
            (relations.samples.get(id) ?? []).map((sample) => [sample.sampleId, sample.amount]),
          );
          current.sample_type = locked.sampleTypeId;
        }
        if (TISSUE_NETWORK_TYPES.includes(locked.typeId)) {
          const cartId = (await repo.cartIdsOfRequests(tx, [id])).get(id);
          if (cartId !== undefined) current.cart = cartId;
        }
        const merged = { ...current, ...(input.additional_data ?? {}) };
        if (input.usage_answers !== undefined) merged.usage_answers = input.usage_answers;
        const relations = await repo.relationsOf(tx, [id]);
        const datasetIds = (relations.datasets.get(id) ?? []).map((entry) => entry.dataset.id);
        const value = <T>(next: T | undefined, previous: T) => (next === undefined ? previous : next);
        const intentToDownload = value(input.intent_to_download, locked.intentToDownload);
        const agreedNih = value(input.agreed_nih, locked.agreedNih);
        const dataSafeguard = value(input.data_safeguard, locked.dataSafeguard);
        const agreed = value(input.agreed_to_usage_policy, locked.agreedToUsagePolicy);
        const resolved = await resolve(tx, {
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

        await repo.updateRequest(tx, id, {
          additionalData: resolved.additionalData,
          displayName: resolved.displayName,
          cohortIds: resolved.cohortIds,
          intentToDownload: locked.typeId === DATASET ? (intentToDownload ?? null) : null,
          agreedNih: locked.typeId === DATASET ? (agreedNih ?? null) : null,
          dataSafeguard: locked.typeId === DATASET ? (dataSafeguard ?? null) : null,
          gpfAccessStatus: resolved.gpfAccessStatus,
          agreedToUsagePolicy: agreed,
        });
        await repo.setSamples(tx, id, resolved.samples);
        await deps.files.linkToRequest(tx, resolved.documentIds, id);
        if (resolved.cartId !== null)
          await deps.carts.attach(tx, actor, { cartId: resolved.cartId, requestId: id });
        if (input.access_control_list !== undefined) {
          await repo.setMembers(
            tx,
            id,
            await accessList(tx, locked.projectId, locked.ownerId, input.access_control_list),
            now,
          );
        }
        // Submitting a draft; an edit of a returned request sends it back to review (researcher §4).
        if ((wantsSubmit && locked.statusId === CREATED) || returned) {
          await applyTransition(tx, {
            request: locked,
            to: SUBMITTED,
            kind: 'submission',
            by: actor,
            now,
            recordHistory: false,
          });
          await decisions.queueSubmissionReceipt(tx, actor, id);
          if (locked.typeId === RESEARCH_MATCH_TYPE) await deps.onResearchMatchSubmitted(tx, id, actor);
        }
        await history(tx, id, 'update', before, actor);
      });
      return get(actor, id, expand);
    },

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
        await repo.deleteRequest(tx, id);
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
      const found = await repo.findSampleType(db, input.sample_type);
      if (!found) invalid({ sample_type: [REQUEST_MESSAGES.unknownSampleType] });
      const { sampleType } = found!;
      const stock = await repo.samplesWithCounts(db, input.ids);
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
