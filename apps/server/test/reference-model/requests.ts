import { inArray } from 'drizzle-orm';
import {
  can,
  CART_REQUEST_TYPES,
  decisionsFor,
  expectedDecision,
  permissionsFor,
  REQUEST_STATUSES,
  REQUEST_TYPE,
  REQUEST_TYPES,
  RETURN_TO_APPLICANT_STATUSES,
  reviewerRoleName,
  WORKFLOW_STATUS,
  type Actor,
  type DecisionTimes,
  type RequestDatasetRef,
  type RequestDto,
  type RequestStatusId,
} from '@rrp/domain';
import { requestSummaries } from '../../src/db/schema';
import type { DbOrTx } from '../../src/platform/db/database';
import { authorize } from '../../src/platform/http/access';
import { NotFoundError } from '../../src/platform/http/errors';
import { inPageOrder, parseListQuery, selectPageIds } from '../../src/platform/list';
import { presentIrb } from '../../src/modules/project-facts/project-facts.service';
import { decisionTemplateKey } from '../../src/modules/decisions/decisions.emails';
import { latestEmailAbout } from '../../src/modules/decisions/decisions.repo';
import { readableRequests, requestList } from '../../src/modules/requests/requests.lists';
import {
  accessTypesOf,
  isEditableBy,
  progressOf,
  presentReviewUser,
  subjectOfView,
  type RequestView,
} from '../../src/modules/requests/requests.presenter';
import { relationsOf, type RequestRelations } from '../../src/modules/requests/request-relations.repo';
import * as repo from '../../src/modules/requests/requests.repo';
import { teamOf } from '../../src/modules/requests/requests.workflow';

/*
 * The ORACLE of the request read model's golden tests (issue 32): how GET request/ and GET
 * request/{id}/ answered before PostgreSQL wrote their JSON — the rows read, then presented in
 * Node one by one. Moved here unchanged from requests.service.ts and requests.presenter.ts;
 * production code does not use it.
 */

const name = <T extends Record<number, string>>(table: T, id: number) => table[id as keyof T] ?? '';

/** Research Match applications and their renewals (types 4, 5): reviewed with roles, conflicts and scores. */
const RESEARCH_MATCH_TYPES = [4, 5];

const fullName = (person: { firstName: string; lastName: string; email?: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email || '';

/** The staff summary of these Research Match applications (`expand=summary`), in one query. */
async function summariesOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, typeof requestSummaries.$inferSelect>();
  const rows = await db
    .select()
    .from(requestSummaries)
    .where(inArray(requestSummaries.requestId, [...ids]));
  return new Map(rows.map((row) => [row.requestId, row]));
}

async function present(tx: DbOrTx, actor: Actor, views: RequestView[], expand: ReadonlySet<string>) {
  const ids = views.map((view) => view.request.id);
  const [relations, names, decided, summaries] = await Promise.all([
    relationsOf(tx, ids),
    repo.cohortNames(
      tx,
      views.flatMap((view) => view.request.cohortIds),
    ),
    repo.decisionTimes(tx),
    expand.has('summary') ? summariesOf(tx, ids) : undefined,
  ]);
  if (summaries) relations.summaries = summaries;
  return views.map((view) => presentRequest(actor, view, relations, names, expand, decided));
}

/** GET request/ as the previous service answered it (before the route's envelope). */
export async function referenceRequestList(
  db: DbOrTx,
  actor: Actor,
  query: Record<string, string | undefined>,
) {
  const list = parseListQuery(requestList, query);
  const page = await selectPageIds(db, requestList, list, readableRequests(actor));
  const rows = await repo.requestsByIds(db, page.ids, actor.userId);
  const views = inPageOrder(page.ids, rows, (row) => row.request.id);
  return { list, count: page.count, results: await present(db, actor, views, list.expand) };
}

/** GET request/{id}/ as the previous service answered it. */
export async function referenceRequest(
  db: DbOrTx,
  actor: Actor,
  id: number,
  expand: ReadonlySet<string>,
): Promise<RequestDto> {
  const view = await repo.findRequest(db, id, actor.userId);
  if (!view) throw new NotFoundError();
  const subject = subjectOfView(view, actor);
  authorize(actor, 'read', 'Request', subject);
  const { request } = view;
  const decider = can(actor, 'decide', 'Request', subject);
  const returned = RETURN_TO_APPLICANT_STATUSES.includes(request.statusId as RequestStatusId);
  const [[dto], team, decision_message] = await Promise.all([
    present(db, actor, [view], expand),
    decider ? teamOf(db, request.projectId) : undefined,
    returned && (decider || request.ownerId === actor.userId)
      ? latestEmailAbout(db, id, decisionTemplateKey(request.statusId)).then(
          (found) => found && { subject: found.subject, body: found.body, sent: found.sent.toISOString() },
        )
      : undefined,
  ]);
  const transitions = team
    ? decisionsFor(actor, { type: request.typeId, status: request.statusId }, team.complete).options
    : [];
  return { ...dto!, transitions, ...(decision_message !== undefined ? { decision_message } : {}) };
}

function presentRequest(
  actor: Actor | null,
  view: RequestView,
  relations: RequestRelations,
  cohortNames: Map<number, string>,
  expand: ReadonlySet<string>,
  decisionTimes: ReadonlyMap<number, DecisionTimes>,
): RequestDto {
  const { request, owner, creator, institution, project, irb, sampleType } = view;
  const datasets = relations.datasets.get(request.id) ?? [];
  const members = relations.members.get(request.id) ?? [];
  const samples = relations.samples.get(request.id) ?? [];
  const reviewers = relations.reviewers.get(request.id) ?? [];
  const renewal = relations.latestRenewals.get(request.id);
  const researchMatch = RESEARCH_MATCH_TYPES.includes(request.typeId);
  // The caller's own assignment, when they review this Research Match application.
  const mine =
    researchMatch && actor ? reviewers.find((reviewer) => reviewer.userId === actor.userId) : undefined;
  const summary = relations.summaries?.get(request.id);
  const subject = subjectOfView(view, actor);
  const irbDto = irb ? presentIrb(irb) : null;
  const datasetRefs: RequestDatasetRef[] = datasets.map(({ dataset, cohortName }) => ({
    id: dataset.id,
    dataset_id: dataset.datasetId,
    name: dataset.name,
    version: dataset.version,
    type: dataset.typeId,
    cohort: dataset.cohortId && cohortName ? { id: dataset.cohortId, name: cohortName } : null,
    accession_id: dataset.accessionId,
    access_types: accessTypesOf(dataset),
  }));
  const additionalData = { ...request.additionalData };
  if (request.typeId === REQUEST_TYPE.biospecimen) {
    additionalData.samples = Object.fromEntries(samples.map((sample) => [sample.sampleId, sample.amount]));
    additionalData.sample_type = request.sampleTypeId;
  }
  // Pilot and tissue requests: their collection (the link is kept on the collection, decision 234);
  // null for a legacy request filed without one.
  if (CART_REQUEST_TYPES.includes(request.typeId))
    additionalData.cart = relations.carts.get(request.id) ?? null;
  const submitted = request.submissionDate?.getTime() ?? null;
  return {
    id: request.id,
    portal_request_id: request.portalRequestId,
    display_name: request.displayName,
    type: request.typeId,
    type_name: name(REQUEST_TYPES, request.typeId),
    status: request.statusId,
    status_name: name(REQUEST_STATUSES, request.statusId),
    project: expand.has('project')
      ? {
          id: project.id,
          title: project.title,
          abstract: project.abstract,
          portal_project_id: project.portalProjectId,
          non_autism_research: project.nonAutismResearch,
          latest_irb: irbDto,
        }
      : project.id,
    owner: { id: owner.id, display_name: fullName(owner) },
    creator: creator ? { id: creator.id, display_name: fullName(creator) } : null,
    institution: institution ? { id: institution.id, name: institution.name } : null,
    cohorts: request.cohortIds.flatMap((id) => {
      const cohort = cohortNames.get(id);
      return cohort ? [{ id, name: cohort }] : [];
    }),
    submission_date: request.submissionDate?.toISOString() ?? null,
    decision_date: request.decisionDate?.toISOString() ?? null,
    expiration_date: request.expirationDate?.toISOString() ?? null,
    revocation_date: request.revocationDate?.toISOString() ?? null,
    expected_decision: expectedDecision(request, decisionTimes.get(request.typeId)),
    reviewers_locked: request.reviewersLocked,
    // The staff panel (staff §3): who reviews it and its support tickets, for the staff who see them.
    ...(can(actor, 'list', 'RequestReviewer')
      ? {
          review_users: reviewers.map((reviewer) => presentReviewUser(request, reviewer)),
        }
      : {}),
    ...(mine
      ? {
          my_review: {
            reviewer_role: mine.reviewerRole,
            reviewer_role_name: reviewerRoleName(mine.reviewerRole),
            conflict_exists: mine.conflictExists,
            conflict_id: mine.conflictId,
            review_id: mine.reviewId,
            progress: progressOf(request.statusId, mine),
            can_score: request.statusId === WORKFLOW_STATUS.underReview && mine.conflictExists === false,
          },
        }
      : {}),
    ...(expand.has('summary') && researchMatch
      ? {
          summary:
            summary && can(actor, 'read', 'RequestSummary', subject) ? presentListSummary(summary) : null,
        }
      : {}),
    ...(can(actor, 'read', 'ZendeskTicket') ? { zendesk_ticket_ids: request.zendeskTicketIds } : {}),
    // Orders sent to BINS, newest first (researcher §3 "bins_data (orders)"), for those who read them.
    ...(CART_REQUEST_TYPES.includes(request.typeId) && can(actor, 'read', 'TissueOrder', subject)
      ? { bins_data: relations.orders.get(request.id) ?? [] }
      : {}),
    access_control_list: members.map((member) => ({
      user_id: member.userId,
      display_name: fullName(member),
      email: member.email,
      removal_date: member.removalDate?.toISOString() ?? null,
      verified: member.verified,
    })),
    latest_renewal: renewal
      ? {
          id: renewal.id,
          status: renewal.statusId,
          status_name: name(REQUEST_STATUSES, renewal.statusId),
          submission_date: renewal.submissionDate?.toISOString() ?? null,
        }
      : null,
    datasets: expand.has('datasets') ? datasetRefs : datasetRefs.map((dataset) => dataset.id),
    sample_type: sampleType ? { id: sampleType.id, name: sampleType.name, type: sampleType.type } : null,
    additional_data: additionalData,
    intent_to_download: request.intentToDownload,
    agreed_nih: request.agreedNih,
    data_safeguard: request.dataSafeguard,
    gpf_access_status: request.gpfAccessStatus,
    agreed_to_usage_policy: request.agreedToUsagePolicy,
    research_team_ready: Boolean(view.researchTeamReady),
    first_req_on_project: Boolean(view.firstReqOnProject),
    project_has_approved_req: Boolean(view.projectHasApprovedReq),
    has_new_irb: Boolean(irb && submitted !== null && irb.created.getTime() > submitted),
    is_editable: isEditableBy(actor, view),
    created: request.created.toISOString(),
    modified: request.modified.toISOString(),
    permissions: permissionsFor(actor, 'Request', subject),
  };
}

/** The summary's list fields (`expand=summary`). */
function presentListSummary(
  row: NonNullable<RequestRelations['summaries']> extends Map<number, infer S> ? S : never,
) {
  return {
    scientific_title: row.scientificTitle,
    scientific_abstract: row.scientificAbstract,
    review_quarter: row.reviewQuarter,
    review_cycle: row.reviewCycle,
    due_date: row.dueDate?.toISOString() ?? null,
    keywords: row.keywords,
    category: row.category,
    study_type: row.studyType,
    region: row.region,
  };
}
