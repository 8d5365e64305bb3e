import {
  can,
  RETURN_TO_APPLICANT_STATUSES,
  RESEARCH_MATCH_CRITERIA,
  reviewerRoleName,
  reviewProgress,
  type Actor,
  type DatasetAccessType,
  type ReviewUserDto,
} from '@rrp/domain';
import type { ReviewerOfRequest } from './request-relations.repo';
import type { findRequest } from './requests.repo';

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
  view: { request: { ownerId: number }; callerIsMember: unknown; callerIsReviewer?: unknown },
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
export function isEditableBy(
  actor: Actor | null,
  view: { request: { ownerId: number; statusId: number }; callerIsMember: unknown },
) {
  if (can(actor, 'update', 'Request')) return true;
  if (!can(actor, 'update', 'Request', subjectOfView(view, actor))) return false;
  const status = view.request.statusId as (typeof RETURN_TO_APPLICANT_STATUSES)[number];
  return status === 1 || RETURN_TO_APPLICANT_STATUSES.includes(status);
}

/** Research Match applications and their renewals (types 4, 5): reviewed with roles, conflicts and scores. */
const RESEARCH_MATCH_TYPES = [4, 5];

/** A reviewer's progress on an application (staff §4.3), from their review of its current cycle. */
export function progressOf(statusId: number, reviewer: ReviewerOfRequest) {
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
