import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { anyOfIds, prepared } from '../../platform/db/prepared';
import { teamRowGivesAccess } from '../project-facts/project-facts.service';
import {
  files,
  groups,
  institutions,
  projects,
  requestReviewers,
  requests,
  researchTeamMembers,
  userEmails,
  userGroups,
  userInstitutions,
  users,
} from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;
export type TeamMemberRow = typeof researchTeamMembers.$inferSelect;

/**
 * Request statuses that leave a project editable by its owner: Created, Revisions Requested,
 * Deferred (the two return-to-applicant statuses) and Withdrawn (docs/decisions.md 031).
 */
const EDITABLE_REQUEST_STATUSES = [
  WORKFLOW_STATUS.created,
  WORKFLOW_STATUS.revisionsRequested,
  WORKFLOW_STATUS.deferred,
  WORKFLOW_STATUS.withdrawn,
];
/** Approved, Rejected and Fulfilled requests block a project's deletion (researcher §4). */
const DELETION_BLOCKING_STATUSES = [
  WORKFLOW_STATUS.approved,
  WORKFLOW_STATUS.rejected,
  WORKFLOW_STATUS.fulfilled,
];

const creators = alias(users, 'creators');

/** No request of the project is past Created or in an active review. */
export const isEditableSql = sql<boolean>`not exists (select 1 from ${requests} where ${requests.projectId} = ${projects.id} and ${requests.statusId} not in (${sql.raw(EDITABLE_REQUEST_STATUSES.join(', '))}))`;

/**
 * The account of a team row: the one linked when the row was saved, else the account that has
 * since been registered with the row's e-mail address.
 */
export const memberUserIdSql = sql<
  number | null
>`coalesce(${researchTeamMembers.userId}, (select u.id from ${users} u where lower(u.email) = lower(${researchTeamMembers.email})))`;

/** The caller is on the project's current team with access. */
function isTeamMemberSql(userId: number | Placeholder) {
  return sql<boolean>`exists (select 1 from ${researchTeamMembers} tm where tm.project_id = ${projects.id} and ${teamRowGivesAccess(userId)})`;
}

/**
 * Whether the user is assigned to review a request of the project: what `isAssignedReviewer`
 * reads for a project (a reviewer edits the team of a project they review; decision 119).
 */
function reviewsProjectSql(userId: number | Placeholder) {
  return sql<boolean>`exists (select 1 from ${requestReviewers} where ${requestReviewers.userId} = ${userId} and ${requestReviewers.requestId} in (select ${requests.id} from ${requests} where ${requests.projectId} = ${projects.id}))`;
}

/**
 * Projects a researcher sees: their own and those whose current team they are on, as one set of
 * ids found through the owner and team indexes. An OR of the two read every project (issue 15:
 * the researcher home's project list served 50 calls a second at 200k requests). `projectId` is
 * where the filtered query holds the project: the project's id, or a team row's `project_id`.
 */
export function visibleTo(userId: number, projectId: SQL | AnyColumn = projects.id): SQL {
  return sql`${projectId} in (select own.id from ${projects} own where own.owner_id = ${userId} union select tm.project_id from ${researchTeamMembers} tm where ${teamRowGivesAccess(userId)})`;
}

/** The caller of the prepared project statement, whose membership and reviews it reads. */
const caller = sql.placeholder('callerId');

function projectColumns() {
  return {
    project: projects,
    owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName },
    institution: { id: institutions.id, name: institutions.name },
    irb: {
      id: files.id,
      name: files.name,
      additionalData: files.additionalData,
      created: files.created,
      creatorId: files.creatorId,
    },
    isEditable: isEditableSql,
    callerIsMember: isTeamMemberSql(caller),
    callerReviews: reviewsProjectSql(caller),
  };
}

/**
 * A page's projects, or one project, by id, with owner, creator, institution and IRB joined in
 * (no N+1), as one prepared statement planned once per connection (decision 293).
 */
export async function projectsByIds(db: DbOrTx, ids: readonly number[], callerId: number) {
  if (ids.length === 0) return [];
  return prepared(db, 'projects_by_ids', (name) =>
    db
      .select(projectColumns())
      .from(projects)
      .innerJoin(users, eq(users.id, projects.ownerId))
      .leftJoin(creators, eq(creators.id, projects.creatorId))
      .leftJoin(institutions, eq(institutions.id, projects.institutionId))
      .leftJoin(files, eq(files.id, projects.latestIrbId))
      .where(anyOfIds(projects.id))
      .prepare(name),
  ).execute({ ids: [...ids], callerId });
}

export async function findProject(db: DbOrTx, id: number, callerId: number) {
  const [row] = await projectsByIds(db, [id], callerId);
  return row ?? null;
}

/** Locks the project row for a write (team saves, IRB changes, deletion). */
export async function lockProject(db: DbOrTx, id: number): Promise<ProjectRow | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).for('update');
  return row ?? null;
}

export async function insertProject(db: DbOrTx, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

export async function updateProject(
  db: DbOrTx,
  id: number,
  values: Partial<typeof projects.$inferInsert>,
): Promise<ProjectRow> {
  const [row] = await db
    .update(projects)
    .set({ ...values, modified: new Date() })
    .where(eq(projects.id, id))
    .returning();
  return row!;
}

export async function deleteProject(db: DbOrTx, id: number): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

/** The storage keys of the project's files, removed from storage once the deletion commits. */
export async function projectFileKeys(db: DbOrTx, projectId: number): Promise<string[]> {
  const rows = await db.select({ key: files.storageKey }).from(files).where(eq(files.projectId, projectId));
  return rows.map((row) => row.key);
}

/** Approved, rejected or fulfilled requests of the project, with their owners. */
export async function blockingRequests(db: DbOrTx, projectId: number) {
  return db
    .select({
      id: requests.id,
      portalRequestId: requests.portalRequestId,
      statusId: requests.statusId,
      ownerId: users.id,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerEmail: users.email,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.ownerId))
    .where(
      and(eq(requests.projectId, projectId), inArray(requests.statusId, [...DELETION_BLOCKING_STATUSES])),
    )
    .orderBy(asc(requests.id));
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Whether the user holds the primary_researcher role (admins choose a PI among them). */
export async function isPrimaryResearcher(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userGroups.userId })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(userGroups.userId, userId), eq(groups.name, 'primary_researcher')))
    .limit(1);
  return Boolean(row);
}

/** The user's primary institution (current affiliation), if any. */
export async function primaryInstitutionOf(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ institutionId: userInstitutions.institutionId })
    .from(userInstitutions)
    .where(
      and(
        eq(userInstitutions.userId, userId),
        eq(userInstitutions.primary, true),
        isNull(userInstitutions.removalReason),
      ),
    )
    .orderBy(asc(userInstitutions.id))
    .limit(1);
  return row?.institutionId ?? null;
}

/** Which of these institution ids exist. */
export async function existingInstitutions(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(inArray(institutions.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/**
 * Accounts matching these e-mail addresses, keyed by lower-case e-mail: the e-mail of a verified
 * account, or a further address its owner verified. An address nobody proved binds nothing
 * (decision 107): anyone can type someone else's address into their profile.
 */
export async function usersByEmail(db: DbOrTx, emails: readonly string[]): Promise<Map<string, number>> {
  const lower = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  if (lower.length === 0) return new Map();
  const [primary, additional] = await Promise.all([
    db
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(and(inArray(sql`lower(${users.email})`, lower), eq(users.verified, true))),
    db
      .select({ id: userEmails.userId, email: sql<string>`lower(${userEmails.email})` })
      .from(userEmails)
      .where(and(inArray(sql`lower(${userEmails.email})`, lower), isNotNull(userEmails.verifiedAt))),
  ]);
  const found = new Map<string, number>();
  for (const row of [...additional, ...primary]) found.set(row.email, row.id);
  return found;
}

/** The current (not removed) team rows of a project, PI first. */
export async function currentTeam(db: DbOrTx, projectId: number): Promise<TeamMemberRow[]> {
  return db
    .select()
    .from(researchTeamMembers)
    .where(and(eq(researchTeamMembers.projectId, projectId), isNull(researchTeamMembers.removalDate)))
    .orderBy(asc(researchTeamMembers.userRole), asc(researchTeamMembers.id));
}

export async function insertMembers(
  db: DbOrTx,
  values: (typeof researchTeamMembers.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await db.insert(researchTeamMembers).values(values);
}

export async function updateMember(
  db: DbOrTx,
  id: number,
  values: Partial<typeof researchTeamMembers.$inferInsert>,
): Promise<void> {
  await db
    .update(researchTeamMembers)
    .set({ ...values, modified: new Date() })
    .where(eq(researchTeamMembers.id, id));
}

export async function removeMembers(db: DbOrTx, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(researchTeamMembers)
    .set({ removalDate: at, modified: at })
    .where(inArray(researchTeamMembers.id, [...ids]));
}

/** The institution a member works at: the row's own, else the account's primary affiliation. */
const effectiveInstitution = sql<
  number | null
>`coalesce(${researchTeamMembers.institutionId}, (select ui.institution_id from ${userInstitutions} ui where ui.user_id = ${memberUserIdSql} and ui.primary and ui.removal_reason is null order by ui.id limit 1))`;

/**
 * The team rows with these ids (a page of the list, found by `selectPageIds`), with what the
 * warnings need, in one query: the account, the affiliation with the member's institution
 * (joinder, verification), that institution's RDA status and the project's IRB (researcher §6
 * warning icons). Computed for the page's rows only: for every row before the page was cut, it
 * took 0.5 s with 170,000 team rows (issue 15).
 */
export async function teamRowsByIds(db: DbOrTx, ids: readonly number[], callerId: number) {
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

/**
 * The version of a project that history keeps: its row, its current team (who, role, access)
 * and its IRB record, so the audit trail shows team and IRB changes as project changes.
 */
export async function projectSnapshot(db: DbOrTx, projectId: number): Promise<Record<string, unknown>> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!row) return {};
  const team = await currentTeam(db, projectId);
  const [irb] = row.latestIrbId
    ? await db
        .select({ id: files.id, name: files.name, additionalData: files.additionalData })
        .from(files)
        .where(eq(files.id, row.latestIrbId))
    : [];
  return {
    ...row,
    latest_irb: irb ? { id: irb.id, name: irb.name, ...irb.additionalData } : null,
    team: team.map((member) => ({
      email: member.email,
      first_name: member.firstName,
      last_name: member.lastName,
      user_role: member.userRole,
      institution: member.institutionId,
      globus_username: member.globusUsername,
      active: member.active,
    })),
  };
}

/** An IRB file, for linking it to a project. */
export async function findIrbFile(db: DbOrTx, id: number) {
  const [row] = await db.select().from(files).where(eq(files.id, id)).for('update');
  return row ?? null;
}

export async function linkFileToProject(db: DbOrTx, fileId: number, projectId: number): Promise<void> {
  await db.update(files).set({ projectId, modified: new Date() }).where(eq(files.id, fileId));
}
