import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { insertRow, updateRow } from '../../platform/db/rows';
import {
  files,
  institutions,
  officialInvitations,
  projects,
  requests,
  userInstitutions,
  users,
} from '../../db/schema';

export type InstitutionRow = typeof institutions.$inferSelect;

const ioColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };
const rdaStatus = sql<number | null>`(${files.additionalData} ->> 'status')::int`;

export async function findInstitution(db: DbOrTx, id: number, lock = false) {
  const query = db
    .select({ institution: institutions, io: ioColumns, rdaStatus })
    .from(institutions)
    .leftJoin(users, eq(users.id, institutions.currentIoId))
    .leftJoin(files, eq(files.id, institutions.currentRdaId))
    .where(eq(institutions.id, id));
  const [row] = lock ? await query.for('update', { of: institutions }) : await query;
  return row ?? null;
}

export type InstitutionWithIo = NonNullable<Awaited<ReturnType<typeof findInstitution>>>;

/** Whether the user is (still) affiliated with the institution. */
export async function isMember(db: DbOrTx, institutionId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userInstitutions.id })
    .from(userInstitutions)
    .where(
      and(
        eq(userInstitutions.institutionId, institutionId),
        eq(userInstitutions.userId, userId),
        isNull(userInstitutions.removalReason),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export const insertInstitution = (db: DbOrTx, values: typeof institutions.$inferInsert) =>
  insertRow(db, institutions, values);

export const updateInstitution = (
  db: DbOrTx,
  id: number,
  values: Partial<typeof institutions.$inferInsert>,
) => updateRow(db, institutions, id, values);

export async function einTaken(db: DbOrTx, ein: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(
      and(
        sql`lower(${institutions.ein}) = lower(${ein})`,
        exceptId ? sql`${institutions.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

export async function nameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(
      and(
        sql`lower(${institutions.name}) = lower(${name})`,
        exceptId ? sql`${institutions.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

/** Roles that belong to an institution's side; an account holding any other role is staff. */
const INSTITUTION_SIDE_ROLES = ['primary_researcher', 'sbso', 'pi_sbso'] as const;

export interface DeletionCandidate {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** Holds a role outside INSTITUTION_SIDE_ROLES (a staff account). */
  staff: boolean;
  /** Has a current affiliation with another institution. */
  affiliatedElsewhere: boolean;
}

/**
 * The institution's users: everyone currently affiliated with it, and its signing official.
 * Whether each is staff or affiliated elsewhere decides if their account goes with it.
 */
export async function deletionCandidates(tx: DbOrTx, institutionId: number): Promise<DeletionCandidate[]> {
  // Qualified by hand: inside the subqueries drizzle would render a bare "id".
  const userId = sql.raw('"users"."id"');
  const sideRoles = sql.join(
    INSTITUTION_SIDE_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  return tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      staff: sql<boolean>`exists (
        select 1 from user_groups ug join groups g on g.id = ug.group_id
        where ug.user_id = ${userId} and g.name not in (${sideRoles}))`,
      affiliatedElsewhere: sql<boolean>`exists (
        select 1 from user_institutions other
        where other.user_id = ${userId} and other.institution_id <> ${institutionId}
          and other.removal_reason is null)`,
    })
    .from(users)
    .where(
      sql`exists (
          select 1 from user_institutions ui
          where ui.user_id = ${userId} and ui.institution_id = ${institutionId} and ui.removal_reason is null)
        or ${userId} = (select current_io_id from institutions where id = ${institutionId})`,
    )
    .orderBy(users.lastName, users.firstName, users.id);
}

/** The stored files (RDAs) of an institution, whose bytes are removed once the deletion commits. */
export async function institutionFiles(tx: DbOrTx, institutionId: number) {
  return tx
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(eq(files.institutionId, institutionId));
}

/** The files of the projects these users own (IRB letters), which go with their projects. */
export async function projectFilesOf(tx: DbOrTx, ownerIds: number[]) {
  if (!ownerIds.length) return [];
  return tx
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .innerJoin(projects, eq(projects.id, files.projectId))
    .where(inArray(projects.ownerId, ownerIds));
}

export async function deleteUsers(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return tx.delete(users).where(inArray(users.id, ids)).returning();
}

export async function deleteInstitution(tx: DbOrTx, id: number) {
  await tx.delete(institutions).where(eq(institutions.id, id));
}

export interface AffectedRequest {
  id: number;
  portalRequestId: string | null;
  statusId: number;
  ownerId: number;
  ownerFirstName: string;
  ownerLastName: string;
}

/**
 * The requests a deletion would take with it: those owned by the accounts deleted with the
 * institution, and those filed under the institution itself.
 */
export async function affectedRequests(
  tx: DbOrTx,
  institutionId: number,
  deletedUserIds: number[],
): Promise<AffectedRequest[]> {
  return tx
    .select({
      id: requests.id,
      portalRequestId: requests.portalRequestId,
      statusId: requests.statusId,
      ownerId: requests.ownerId,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.ownerId))
    .where(
      or(
        eq(requests.institutionId, institutionId),
        deletedUserIds.length ? inArray(requests.ownerId, deletedUserIds) : undefined,
      ),
    )
    .orderBy(requests.id);
}

export async function deleteRequests(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return;
  await tx.delete(requests).where(inArray(requests.id, ids));
}

/**
 * The official named for the institution who has not registered yet: the newest pending,
 * unexpired invitation (only the newest is valid), or null.
 */
export async function pendingInvitation(db: DbOrTx, institutionId: number) {
  const [row] = await db
    .select({
      firstName: officialInvitations.firstName,
      lastName: officialInvitations.lastName,
      email: officialInvitations.email,
    })
    .from(officialInvitations)
    .where(
      and(
        eq(officialInvitations.institutionId, institutionId),
        eq(officialInvitations.status, 'pending'),
        gt(officialInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(officialInvitations.created), desc(officialInvitations.id))
    .limit(1);
  return row ?? null;
}
