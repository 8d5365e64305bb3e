import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { ParsedList } from '../../platform/list';
import { files, institutions, userInstitutions, users } from '../../db/schema';

export type InstitutionRow = typeof institutions.$inferSelect;

const ioColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };
const rdaStatus = sql<number | null>`(${files.additionalData} ->> 'status')::int`;

/** A page of institutions with their signing official and RDA status joined in (no N+1). */
export async function listInstitutions(db: DbOrTx, list: ParsedList, onlyStatus?: number) {
  const where =
    onlyStatus === undefined ? list.where : and(list.where, eq(institutions.statusId, onlyStatus));
  const [rows, [total]] = await Promise.all([
    db
      .select({ institution: institutions, io: ioColumns, rdaStatus })
      .from(institutions)
      .leftJoin(users, eq(users.id, institutions.currentIoId))
      .leftJoin(files, eq(files.id, institutions.currentRdaId))
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    db.select({ count: count() }).from(institutions).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

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

export async function insertInstitution(db: DbOrTx, values: typeof institutions.$inferInsert) {
  const [row] = await db.insert(institutions).values(values).returning();
  return row!;
}

export async function updateInstitution(
  db: DbOrTx,
  id: number,
  values: Partial<typeof institutions.$inferInsert>,
) {
  const [row] = await db
    .update(institutions)
    .set({ ...values, modified: new Date() })
    .where(eq(institutions.id, id))
    .returning();
  return row!;
}

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

export async function affiliatedUserIds(db: DbOrTx, institutionId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: userInstitutions.userId })
    .from(userInstitutions)
    .where(and(eq(userInstitutions.institutionId, institutionId), isNull(userInstitutions.removalReason)));
  return rows.map((row) => row.userId);
}

export async function usersByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db.select(ioColumns).from(users).where(inArray(users.id, ids));
}
