import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { countRows, type ParsedList } from '../../platform/list';
import { files, institutions, userInstitutions, users } from '../../db/schema';

export type LinkRow = typeof userInstitutions.$inferSelect;
type LinkChanges = Partial<typeof userInstitutions.$inferInsert>;

/** The status of each of these institutions (those that exist). */
export function institutionStatuses(db: DbOrTx, ids: readonly number[]) {
  return db
    .select({ id: institutions.id, statusId: institutions.statusId })
    .from(institutions)
    .where(inArray(institutions.id, [...ids]));
}

/** Every affiliation of a user with its institution's name and official, current ones first. */
export function affiliationsOfUser(db: DbOrTx, userId: number) {
  return db
    .select({
      link: userInstitutions,
      institutionName: institutions.name,
      currentIoId: institutions.currentIoId,
    })
    .from(userInstitutions)
    .innerJoin(institutions, eq(institutions.id, userInstitutions.institutionId))
    .where(eq(userInstitutions.userId, userId))
    .orderBy(
      sql`${userInstitutions.removalReason} is not null`,
      desc(userInstitutions.primary),
      asc(institutions.name),
      asc(userInstitutions.id),
    );
}

/** The user's current affiliations, locked for the write. */
export function lockCurrentLinksOfUser(db: DbOrTx, userId: number): Promise<LinkRow[]> {
  return db
    .select()
    .from(userInstitutions)
    .where(and(eq(userInstitutions.userId, userId), isNull(userInstitutions.removalReason)))
    .for('update');
}

/** The institution's current affiliations, locked for the write. */
export function lockCurrentLinksOfInstitution(db: DbOrTx, institutionId: number): Promise<LinkRow[]> {
  return db
    .select()
    .from(userInstitutions)
    .where(and(eq(userInstitutions.institutionId, institutionId), isNull(userInstitutions.removalReason)))
    .for('update');
}

/** The user's current primary affiliations other than `keepId`, locked for the write. */
export function lockPrimaryLinks(db: DbOrTx, userId: number, keepId: number | null): Promise<LinkRow[]> {
  return db
    .select()
    .from(userInstitutions)
    .where(
      and(
        eq(userInstitutions.userId, userId),
        eq(userInstitutions.primary, true),
        isNull(userInstitutions.removalReason),
        keepId === null ? undefined : ne(userInstitutions.id, keepId),
      ),
    )
    .for('update');
}

/** Whether the user has a current affiliation with any institution. */
export async function hasCurrentLink(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userInstitutions.id })
    .from(userInstitutions)
    .where(and(eq(userInstitutions.userId, userId), isNull(userInstitutions.removalReason)));
  return Boolean(row);
}

export async function insertLink(db: DbOrTx, values: typeof userInstitutions.$inferInsert): Promise<LinkRow> {
  const [row] = await db.insert(userInstitutions).values(values).returning();
  return row!;
}

export async function updateLink(db: DbOrTx, id: number, changes: LinkChanges): Promise<LinkRow> {
  const [row] = await db.update(userInstitutions).set(changes).where(eq(userInstitutions.id, id)).returning();
  return row!;
}

/**
 * One affiliation with its institution's official and its RDA's status, locked for the write
 * (the affiliation only).
 */
export async function lockLink(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      link: userInstitutions,
      currentIoId: institutions.currentIoId,
      rdaStatus: sql<number | null>`(${files.additionalData} ->> 'status')::int`,
    })
    .from(userInstitutions)
    .innerJoin(institutions, eq(institutions.id, userInstitutions.institutionId))
    .leftJoin(files, eq(files.id, institutions.currentRdaId))
    .where(eq(userInstitutions.id, id))
    .for('update', { of: userInstitutions });
  return row ?? null;
}

const selectLinks = (db: DbOrTx) =>
  db
    .select({
      link: userInstitutions,
      currentIoId: institutions.currentIoId,
      member: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(userInstitutions)
    .innerJoin(institutions, eq(institutions.id, userInstitutions.institutionId))
    .innerJoin(users, eq(users.id, userInstitutions.userId));

/** One affiliation with its institution's official and the affiliated user. */
export async function findLink(db: DbOrTx, id: number) {
  const [row] = await selectLinks(db).where(eq(userInstitutions.id, id));
  return row ?? null;
}

/**
 * A page of affiliations and the total. `visibleTo` narrows them to the user's own and those of
 * the institutions they are the official of; `removed` 'true' lists the ended ones, 'all' every
 * one, anything else the current ones.
 */
export async function linkPage(
  db: DbOrTx,
  list: ParsedList,
  options: { visibleTo: number | null; removed: string | undefined },
) {
  const visible =
    options.visibleTo === null
      ? undefined
      : or(eq(userInstitutions.userId, options.visibleTo), eq(institutions.currentIoId, options.visibleTo));
  const removed =
    options.removed === 'all'
      ? undefined
      : options.removed === 'true'
        ? isNotNull(userInstitutions.removalReason)
        : isNull(userInstitutions.removalReason);
  const where = and(list.where, visible, removed);
  const [rows, count] = await Promise.all([
    selectLinks(db)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countRows(db, () =>
      db
        .select({ one: sql<number>`1`.as('one') })
        .from(userInstitutions)
        .innerJoin(institutions, eq(institutions.id, userInstitutions.institutionId))
        .where(where)
        .$dynamic(),
    ),
  ]);
  return { rows, count };
}

/** Whether a user account exists. */
export async function userExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

/** Stamps the institution's completed annual review; unlike `updateInstitution`, `modified` stays. */
export async function markAnnualReview(db: DbOrTx, institutionId: number, at: Date) {
  const [row] = await db
    .update(institutions)
    // A completed review makes the institution compliant: staff acknowledge the next lapse afresh.
    .set({ lastAnnualReviewAt: at, adminAcknowledge: false })
    .where(eq(institutions.id, institutionId))
    .returning();
  return row!;
}
