import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { anyOfIds, prepared } from '../../platform/db/prepared';
import { insertRow, updateRow } from '../../platform/db/rows';
import {
  files,
  groups,
  institutions,
  projects,
  requests,
  userGroups,
  userInstitutions,
  users,
} from '../../db/schema';
import { isEditableSql, isTeamMemberSql, reviewsProjectSql } from './project-access.repo';
import { currentTeam } from './research-team.repo';

export type ProjectRow = typeof projects.$inferSelect;

/** Approved, Rejected and Fulfilled requests block a project's deletion (researcher §4). */
const DELETION_BLOCKING_STATUSES = [
  WORKFLOW_STATUS.approved,
  WORKFLOW_STATUS.rejected,
  WORKFLOW_STATUS.fulfilled,
];

const creators = alias(users, 'creators');

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

export function insertProject(db: DbOrTx, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  return insertRow(db, projects, values);
}

export function updateProject(
  db: DbOrTx,
  id: number,
  values: Partial<typeof projects.$inferInsert>,
): Promise<ProjectRow> {
  return updateRow(db, projects, id, values);
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
