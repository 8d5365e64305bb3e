import {
  can,
  CART_REQUEST_TYPES,
  permissionsFor,
  REQUEST_STATUSES,
  REQUEST_TYPE,
  REQUEST_TYPES,
  RETURN_TO_APPLICANT_STATUSES,
  expectedDecision,
  RESEARCH_MATCH_CRITERIA,
  reviewerRoleName,
  reviewProgress,
  type Actor,
  type DatasetAccessType,
  type DecisionTimes,
  type RequestDatasetRef,
  type RequestDto,
  type ReviewUserDto,
  WORKFLOW_STATUS,
} from '@rrp/domain';
import type { RequestRelations, ReviewerOfRequest } from './request-relations.repo';
import type { findRequest } from './requests.repo';
import { presentIrb } from '../project-facts/project-facts.service';

/** The channels a dataset offers, from its fields (as the catalogue shows them). */
export function accessTypesOf(row: {
  globusGroupId: string | null;
  globusLocations: readonly unknown[];
  dataAccess: string | null;
  gpfAccessible: boolean;
}): DatasetAccessType[] {
  const types: DatasetAccessType[] = [];
  if (row.globusGroupId || row.globusLocations.length > 0) types.push('Globus');
  if (row.dataAccess) types.push('AWS');
  if (row.gpfAccessible) types.push('GPF');
  return types;
}

export type RequestView = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** What the permission conditions read of a request (isOwner, isTeamMember, isAssignedReviewer). */
export interface RequestSubject {
  ownerId: number;
  teamMemberIds: number[];
  reviewerIds: number[];
}

export function subjectOfView(
  view: Pick<RequestView, 'request' | 'callerIsMember'> & { callerIsReviewer?: unknown },
  actor: Actor | null,
): RequestSubject {
  const ids = [view.request.ownerId];
  if (actor && view.callerIsMember) ids.push(actor.userId);
  const reviewerIds = actor && view.callerIsReviewer ? [actor.userId] : [];
  return { ownerId: view.request.ownerId, teamMemberIds: ids, reviewerIds };
}

const fullName = (person: { firstName: string; lastName: string; email?: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email || '';

/**
 * Whether the caller may edit the request now: staff who edit requests always; the owner while it
 * is a draft (Created) or returned to them (Revisions Requested, Deferred; researcher §4).
 */
export function isEditableBy(actor: Actor | null, view: Pick<RequestView, 'request' | 'callerIsMember'>) {
  if (can(actor, 'update', 'Request')) return true;
  if (!can(actor, 'update', 'Request', subjectOfView(view, actor))) return false;
  const status = view.request.statusId as (typeof RETURN_TO_APPLICANT_STATUSES)[number];
  return status === 1 || RETURN_TO_APPLICANT_STATUSES.includes(status);
}

const name = <T extends Record<number, string>>(table: T, id: number) => table[id as keyof T] ?? '';

/** Research Match applications and their renewals (types 4, 5): reviewed with roles, conflicts and scores. */
const RESEARCH_MATCH_TYPES = [4, 5];

/** A reviewer's progress on an application (staff §4.3), from their review of its current cycle. */
function progressOf(statusId: number, reviewer: ReviewerOfRequest) {
  return reviewProgress(
    statusId,
    reviewer.scores === null
      ? null
      : {
          scores: reviewer.scores.slice(0, RESEARCH_MATCH_CRITERIA.length),
          recommended: reviewer.recommended,
          anythingElse: reviewer.anythingElse,
        },
  );
}

/**
 * An assigned reviewer as the staff panel shows them (staff §3 review_users); on Research Match
 * applications with their role, conflict-of-interest answer and progress.
 */
export function presentReviewUser(
  request: { typeId: number; statusId: number },
  reviewer: ReviewerOfRequest,
): ReviewUserDto {
  return {
    id: reviewer.userId,
    display_name: fullName(reviewer),
    email: reviewer.email,
    assigned: reviewer.assigned.toISOString(),
    ...(RESEARCH_MATCH_TYPES.includes(request.typeId)
      ? {
          reviewer_role: reviewer.reviewerRole,
          reviewer_role_name: reviewerRoleName(reviewer.reviewerRole),
          conflict_exists: reviewer.conflictExists,
          progress: progressOf(request.statusId, reviewer),
        }
      : {}),
  };
}

export function presentRequest(
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
