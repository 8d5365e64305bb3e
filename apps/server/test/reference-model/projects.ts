import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  can,
  irbExpiryState,
  permissionsFor,
  teamRoleName,
  PI_TEAM_ROLE,
  type Actor,
  type ProjectDto,
  type ResearchTeamMemberDto,
} from '@rrp/domain';
import {
  files,
  institutions,
  projects,
  researchTeamMembers,
  userInstitutions,
  users,
} from '../../src/db/schema';
import type { DbOrTx } from '../../src/platform/db/database';
import { authorize } from '../../src/platform/http/access';
import { NotFoundError } from '../../src/platform/http/errors';
import { inPageOrder, oneOf, parseListQuery, selectPageIds, type ParsedList } from '../../src/platform/list';
import { presentIrb } from '../../src/modules/project-facts/project-facts.service';
import { reviewsProjectSql, visibleTo } from '../../src/modules/projects/project-access.repo';
import { projectList, teamList } from '../../src/modules/projects/projects.lists';
import { findProject, projectsByIds } from '../../src/modules/projects/projects.repo';
import {
  projectSubject,
  subjectOfView,
  teamWarnings,
  type ProjectView,
} from '../../src/modules/projects/projects.presenter';
import {
  currentRowsVisibleTo,
  effectiveInstitution,
  memberUserIdSql,
} from '../../src/modules/projects/research-team.repo';

/*
 * The ORACLE of the project and research team read models' golden tests (issue 32): how GET
 * project/, GET project/{id}/, GET research-team/ and GET research-team/{id}/ answered before
 * PostgreSQL wrote their JSON — the rows read, then presented in Node one by one. Moved here
 * unchanged from projects.service.ts, research-team.ts, research-team.repo.ts and
 * projects.presenter.ts; production code does not use it.
 */

const fullName = (person: { firstName: string; lastName: string; email?: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email || '';

function presentProject(
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

function presentMember(
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

/**
 * The team rows with these ids (a page of the list, found by `selectPageIds`), with what the
 * warnings need, in one query: the account, the affiliation with the member's institution
 * (joinder, verification), that institution's RDA status and the project's IRB (researcher §6
 * warning icons). Computed for the page's rows only: for every row before the page was cut, it
 * took 0.5 s with 170,000 team rows (issue 15).
 */
async function teamRowsByIds(db: DbOrTx, ids: readonly number[], callerId: number) {
  if (ids.length === 0) return [];
  const memberInstitutions = alias(institutions, 'member_institutions');
  const irbFiles = alias(files, 'irb_files');
  return db
    .select({
      member: researchTeamMembers,
      institution: { id: memberInstitutions.id, name: memberInstitutions.name },
      ownerId: projects.ownerId,
      callerReviews: reviewsProjectSql(callerId),
      latestIrbId: projects.latestIrbId,
      irbData: irbFiles.additionalData,
      accountActive: users.isActive,
      userId: users.id,
      effectiveInstitutionId: effectiveInstitution,
      joinderDate:
        sql<Date | null>`(select ui.joinder_date from ${userInstitutions} ui where ui.user_id = ${memberUserIdSql} and ui.institution_id = ${effectiveInstitution} and ui.removal_reason is null order by ui.id limit 1)`.mapWith(
          (value: string | Date | null): Date | null => (value === null ? null : new Date(value)),
        ),
      verified: sql<boolean>`coalesce((select ui.verified from ${userInstitutions} ui where ui.user_id = ${memberUserIdSql} and ui.institution_id = ${effectiveInstitution} and ui.removal_reason is null order by ui.id limit 1), false)`,
      rdaStatus: sql<
        number | null
      >`(select (f.additional_data ->> 'status')::int from ${institutions} i join ${files} f on f.id = i.current_rda_id where i.id = ${effectiveInstitution})`,
    })
    .from(researchTeamMembers)
    .innerJoin(projects, eq(projects.id, researchTeamMembers.projectId))
    .leftJoin(users, eq(users.id, memberUserIdSql))
    .leftJoin(memberInstitutions, eq(memberInstitutions.id, researchTeamMembers.institutionId))
    .leftJoin(irbFiles, eq(irbFiles.id, projects.latestIrbId))
    .where(inArray(researchTeamMembers.id, [...ids]));
}

export type TeamListRow = Awaited<ReturnType<typeof teamRowsByIds>>[number];

/** GET project/ as the previous service answered it (before the route's envelope). */
export async function referenceProjectList(
  db: DbOrTx,
  actor: Actor,
  query: Record<string, string | undefined>,
) {
  const list = parseListQuery(projectList, query);
  const visible = can(actor, 'read', 'Project') ? undefined : visibleTo(actor.userId);
  const page = await selectPageIds(db, projectList, list, visible);
  const rows = inPageOrder(
    page.ids,
    await projectsByIds(db, page.ids, actor.userId),
    (row) => row.project.id,
  );
  return {
    list,
    count: page.count,
    results: rows.map((row) => presentProject(actor, row, list.expand)),
  };
}

/** GET project/{id}/ as the previous service answered it. */
export async function referenceProject(
  db: DbOrTx,
  actor: Actor,
  id: number,
  expand: ReadonlySet<string>,
): Promise<ProjectDto> {
  const view = await findProject(db, id, actor.userId);
  if (!view) throw new NotFoundError();
  authorize(actor, 'read', 'Project', subjectOfView(view, actor));
  return presentProject(actor, view, expand);
}

/** Team rows of the list query, as the previous research-team.ts read and presented them. */
async function teamRows(db: DbOrTx, actor: Actor, list: ParsedList, options = { count: true }) {
  const staff = can(actor, 'read', 'ResearchTeam');
  const visible = staff ? undefined : currentRowsVisibleTo(actor.userId);
  const page = await selectPageIds(db, teamList, list, visible, options);
  const rows = inPageOrder(page.ids, await teamRowsByIds(db, page.ids, actor.userId), (row) => row.member.id);
  const results = rows.map((row) =>
    presentMember(row, {
      expandInstitution: list.expand.has('institution'),
      // The warnings are for those who may fix the team (researcher §6).
      showWarnings: can(actor, 'update', 'ResearchTeam', projectSubject(actor, row)),
    }),
  );
  return { count: page.count, results };
}

/** GET research-team/ as the previous service answered it (before the route's envelope). */
export async function referenceTeamList(db: DbOrTx, actor: Actor, query: Record<string, string | undefined>) {
  const list = parseListQuery(teamList, query);
  return { list, ...(await teamRows(db, actor, list)) };
}

/** GET research-team/{id}/ as the previous service answered it. */
export async function referenceTeamMember(
  db: DbOrTx,
  actor: Actor,
  id: number,
  expand: ReadonlySet<string>,
): Promise<ResearchTeamMemberDto> {
  const [member] = (await teamRows(db, actor, oneOf(teamList, id, expand), { count: false })).results;
  if (!member) throw new NotFoundError();
  return member;
}
