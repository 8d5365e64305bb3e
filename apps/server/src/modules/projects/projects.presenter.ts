import {
  irbExpiryState,
  RDA_FULLY_EXECUTED,
  REQUEST_STATUSES,
  type Actor,
  type ProjectDeletionBlocked,
  type TeamWarning,
} from '@rrp/domain';
import type { blockingRequests, findProject } from './projects.repo';

export type ProjectView = NonNullable<Awaited<ReturnType<typeof findProject>>>;

/** What the permission conditions read of a project (isOwner, isTeamMember, isAssignedReviewer). */
export interface ProjectSubject {
  ownerId: number;
  teamMemberIds: number[];
  /** The caller, when assigned to review a request of the project (the repo checked only them). */
  reviewerIds: number[];
}

/** The subject of a project, or of a team row, as the caller's checks read it. */
export function projectSubject(
  actor: Actor | null,
  project: { ownerId: number; callerIsMember?: boolean; callerReviews: boolean },
): ProjectSubject {
  const ids = [project.ownerId];
  if (actor && project.callerIsMember) ids.push(actor.userId);
  return {
    ownerId: project.ownerId,
    teamMemberIds: ids,
    reviewerIds: actor && project.callerReviews ? [actor.userId] : [],
  };
}

export function subjectOfView(view: ProjectView, actor: Actor | null): ProjectSubject {
  return projectSubject(actor, {
    ownerId: view.project.ownerId,
    callerIsMember: view.callerIsMember,
    callerReviews: view.callerReviews,
  });
}

const fullName = (person: { firstName: string; lastName: string; email?: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email || '';

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** What a team row's warnings read: the project's IRB, the account, the institution, its RDA, the joinder. */
export interface TeamWarningFacts {
  irbData: Record<string, unknown> | null;
  userId: number | null;
  accountActive: boolean | null;
  effectiveInstitutionId: number | null;
  rdaStatus: number | null;
  joinderDate: unknown;
}

/**
 * The warnings a team row carries for the owner and staff (researcher §6): missing or expired
 * IRB, no active account, no institution, no RDA, an RDA not fully executed, no joinder.
 */
export function teamWarnings(row: TeamWarningFacts, now: Date = new Date()): TeamWarning[] {
  const warnings: TeamWarning[] = [];
  const irbState = irbExpiryState(
    row.irbData
      ? { designation: Number(row.irbData.designation), renewal_date: text(row.irbData.renewal_date) }
      : null,
    now,
  );
  if (irbState === 'none' || irbState === 'expired') warnings.push('missing_irb');
  if (row.userId === null || row.accountActive === false) warnings.push('inactive');
  if (row.effectiveInstitutionId === null) warnings.push('no_institution');
  else if (row.rdaStatus === null) warnings.push('no_agreement');
  else if (row.rdaStatus !== RDA_FULLY_EXECUTED) warnings.push('rda_not_executed');
  if (!row.joinderDate) warnings.push('no_joinder');
  return warnings;
}

/** The answer to a refused deletion: the message and the requests that block it (researcher §8). */
export function presentDeletionBlocked(
  message: string,
  blocking: Awaited<ReturnType<typeof blockingRequests>>,
): ProjectDeletionBlocked['data'] {
  return {
    non_field_errors: [message],
    requests: blocking.map((request) => ({
      id: request.id,
      portal_request_id: request.portalRequestId,
      status: request.statusId,
      status_name: REQUEST_STATUSES[request.statusId as keyof typeof REQUEST_STATUSES] ?? '',
      owner: {
        id: request.ownerId,
        display_name: fullName({
          firstName: request.ownerFirstName,
          lastName: request.ownerLastName,
          email: request.ownerEmail,
        }),
      },
    })),
  };
}
