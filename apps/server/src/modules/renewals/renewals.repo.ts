import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { countMatching, type ParsedList } from '../../platform/list';
import { requestRenewals, requests, users } from '../../db/schema';
import { teamRowGivesAccess } from '../projects/projects.service';

type RenewalRow = typeof requestRenewals.$inferSelect;

/** Columns of the listed renewal, qualified for the subqueries of the visibility rule. */
const RN = {
  requestId: sql.raw('"request_renewals"."request_id"'),
};

/** The caller is on the project team of the renewal's request (the PI's row included). */
function isTeamMemberSql(requestId: SQL, userId: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from requests r join research_team_members tm on tm.project_id = r.project_id where r.id = ${requestId} and ${teamRowGivesAccess(userId)})`;
}

/** Renewals a researcher sees: those of requests they own or whose project team they are on. */
export function visibleTo(userId: number): SQL {
  return sql`(exists (select 1 from requests r where r.id = ${RN.requestId} and r.owner_id = ${userId}) or ${isTeamMemberSql(RN.requestId, userId)})`;
}

/** The request a renewal is filed for, locked for the write, with what the renewal rules read. */
export async function lockRequest(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: requests.id,
      portalRequestId: requests.portalRequestId,
      typeId: requests.typeId,
      statusId: requests.statusId,
      ownerId: requests.ownerId,
      projectId: requests.projectId,
      expirationDate: requests.expirationDate,
      displayName: requests.displayName,
      sampleTypeCode: sql<
        string | null
      >`(select st.type from sample_types st where st.id = ${requests.sampleTypeId})`,
    })
    .from(requests)
    .where(eq(requests.id, id))
    .for('update', { of: requests });
  return row ?? null;
}

export type LockedRequest = NonNullable<Awaited<ReturnType<typeof lockRequest>>>;

/** Whether the user is on the request's project team (for the isTeamMember condition). */
export async function isTeamMember(db: DbOrTx, requestId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ member: isTeamMemberSql(sql`${requestId}`, userId) })
    .from(requests)
    .where(eq(requests.id, requestId));
  return Boolean(row?.member);
}

/** The renewals of a request in the given statuses. */
export async function renewalsInStatus(db: DbOrTx, requestId: number, statuses: readonly number[]) {
  return db
    .select({ id: requestRenewals.id })
    .from(requestRenewals)
    .where(and(eq(requestRenewals.requestId, requestId), inArray(requestRenewals.statusId, [...statuses])));
}

const renewalColumns = {
  renewal: requestRenewals,
  request: {
    id: requests.id,
    portalRequestId: requests.portalRequestId,
    ownerId: requests.ownerId,
    typeId: requests.typeId,
  },
  owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};

function selectRenewals(db: DbOrTx) {
  return db
    .select(renewalColumns)
    .from(requestRenewals)
    .innerJoin(requests, eq(requests.id, requestRenewals.requestId))
    .leftJoin(users, eq(users.id, requestRenewals.ownerId));
}

export type RenewalView = Awaited<ReturnType<typeof findRenewal>> & object;

export async function findRenewal(db: DbOrTx, id: number) {
  const [row] = await selectRenewals(db).where(eq(requestRenewals.id, id));
  return row ?? null;
}

export async function lockRenewal(db: DbOrTx, id: number): Promise<RenewalRow | null> {
  const [row] = await db.select().from(requestRenewals).where(eq(requestRenewals.id, id)).for('update');
  return row ?? null;
}

export async function listRenewals(db: DbOrTx, list: ParsedList, visible?: SQL) {
  const where = and(visible, list.where);
  const [rows, total] = await Promise.all([
    selectRenewals(db)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, requestRenewals, where),
  ]);
  return { rows, count: total };
}

export async function insertRenewal(db: DbOrTx, values: typeof requestRenewals.$inferInsert) {
  const [row] = await db.insert(requestRenewals).values(values).returning();
  if (!row) throw new Error('insert returned no renewal');
  return row;
}

export async function updateRenewal(
  db: DbOrTx,
  id: number,
  values: Partial<typeof requestRenewals.$inferInsert>,
): Promise<RenewalRow> {
  const [row] = await db
    .update(requestRenewals)
    .set({ ...values, modified: new Date() })
    .where(eq(requestRenewals.id, id))
    .returning();
  if (!row) throw new Error('update returned no renewal');
  return row;
}

/** Sets a request's expiration date (the renewal choice, staff §4.4). */
export async function setExpiration(db: DbOrTx, requestId: number, expirationDate: Date) {
  await db.update(requests).set({ expirationDate, modified: new Date() }).where(eq(requests.id, requestId));
}
