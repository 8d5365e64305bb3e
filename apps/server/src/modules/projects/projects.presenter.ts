import {
  irbExpiryState,
  permissionsFor,
  teamRoleName,
  PI_TEAM_ROLE,
  RDA_FULLY_EXECUTED,
  REQUEST_STATUSES,
  type Actor,
  type ProjectDeletionBlocked,
  type ProjectDto,
  type ResearchTeamMemberDto,
  type TeamWarning,
} from '@rrp/domain';
import { presentIrb } from '../project-facts/project-facts.service';
import type { blockingRequests, findProject } from './projects.repo';
import type { TeamListRow } from './research-team.repo';

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

export function presentProject(
  actor: Actor | null,
  view: ProjectView,
  expand: ReadonlySet<string>,
  now: Date = new Date(),
): ProjectDto {
  const { project, owner, creator, institution, irb } = view;
  const irbDto = irb ? presentIrb(irb) : null;
  return {
    id: project.id,
    portal_project_id: project.portalProjectId,
    title: project.title,
    abstract: project.abstract,
    non_autism_research: project.nonAutismResearch,
    public_title: project.publicTitle,
    public_abstract: project.publicAbstract,
    owner: expand.has('owner') ? { id: owner.id, display_name: fullName(owner) } : owner.id,
    institution: institution
      ? expand.has('institution')
        ? { id: institution.id, name: institution.name }
        : institution.id
      : null,
    latest_irb: irbDto ? (expand.has('latest_irb') ? irbDto : irbDto.id) : null,
    irb_state: irbExpiryState(irbDto, now),
    irb_renewal_date: irbDto?.designation === 2 ? null : (irbDto?.renewal_date ?? null),
    is_editable: view.isEditable,
    display_name: project.title,
    creator: creator
      ? expand.has('creator')
        ? { id: creator.id, display_name: fullName(creator) }
        : creator.id
      : null,
    created: project.created.toISOString(),
    modified: project.modified.toISOString(),
    permissions: permissionsFor(actor, 'Project', subjectOfView(view, actor)),
    team_permissions: permissionsFor(actor, 'ResearchTeam', subjectOfView(view, actor)),
  };
}

/**
 * The warnings a team row carries for the owner and staff (researcher §6): missing or expired
 * IRB, no active account, no institution, no RDA, an RDA not fully executed, no joinder.
 */
export function teamWarnings(row: TeamListRow, now: Date = new Date()): TeamWarning[] {
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

export function presentMember(
  row: TeamListRow,
  options: { expandInstitution: boolean; showWarnings: boolean },
): ResearchTeamMemberDto {
  const { member } = row;
  return {
    id: member.id,
    project_id: member.projectId,
    user_id: row.userId,
    email: member.email,
    first_name: member.firstName,
    last_name: member.lastName,
    display_name: fullName(member),
    user_role: member.userRole,
    user_role_name: teamRoleName(member.userRole),
    is_pi: member.userRole === PI_TEAM_ROLE && row.userId === row.ownerId,
    institution: row.institution
      ? options.expandInstitution
        ? { id: row.institution.id, name: row.institution.name }
        : row.institution.id
      : null,
    globus_username: member.globusUsername,
    active: member.active,
    removal_date: member.removalDate?.toISOString() ?? null,
    created: member.created.toISOString(),
    latest_irb: row.latestIrbId,
    joinder_date: row.joinderDate ? new Date(row.joinderDate).toISOString() : null,
    current_rda: row.rdaStatus === null ? null : Number(row.rdaStatus),
    verified: Boolean(row.verified),
    warnings: options.showWarnings ? teamWarnings(row) : [],
  };
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
