import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { INSTITUTION_APPROVED } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import {
  groups,
  institutions,
  postLogs,
  userEmails,
  userGroups,
  userInstitutions,
  userPhones,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return user ?? null;
}

export async function findUserById(db: DbOrTx, id: number, lock = false): Promise<UserRow | null> {
  const query = db.select().from(users).where(eq(users.id, id));
  const [user] = lock ? await query.for('update') : await query;
  return user ?? null;
}

export async function rolesOf(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: groups.name })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(groups.name));
  return rows.map((row) => row.name);
}

/** Affiliations of the user: how many exist, and how many were removed by their institution. */
export async function affiliationCounts(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      removed: sql<number>`(count(*) filter (where ${userInstitutions.removalReason} is not null))::int`,
    })
    .from(userInstitutions)
    .where(eq(userInstitutions.userId, userId));
  return row ?? { total: 0, removed: 0 };
}

export async function isApprovedInstitution(db: DbOrTx, institutionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(eq(institutions.id, institutionId), eq(institutions.statusId, INSTITUTION_APPROVED)));
  return Boolean(row);
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, modified: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function recordSignIn(db: DbOrTx, userId: number, agreedToTerms: boolean): Promise<void> {
  await db
    .update(users)
    .set({ lastLogin: new Date(), ...(agreedToTerms ? { agreedToTermsAt: new Date() } : {}) })
    .where(eq(users.id, userId));
}

/** Ends every session of the user: tokens carry the version they were issued with. */
export async function revokeSessions(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export type UserEmailRow = typeof userEmails.$inferSelect;

/** The user's further addresses (verified or not) and phone numbers, oldest first. */
export async function contactsOf(db: DbOrTx, userId: number) {
  const [emails, phones] = await Promise.all([
    db.select().from(userEmails).where(eq(userEmails.userId, userId)).orderBy(asc(userEmails.id)),
    db.select().from(userPhones).where(eq(userPhones.userId, userId)).orderBy(asc(userPhones.id)),
  ]);
  return { emails, phones: phones.map((row) => row.phoneNumber) };
}

/**
 * Makes the user's further addresses exactly `wanted` (lower-case): addresses kept keep their
 * verification, dropped ones go (with their links), new ones start unverified. Answers the new rows.
 */
export async function syncEmails(db: DbOrTx, userId: number, wanted: string[]): Promise<UserEmailRow[]> {
  const current = await db.select().from(userEmails).where(eq(userEmails.userId, userId));
  const kept = new Set(
    current.map((row) => row.email.toLowerCase()).filter((email) => wanted.includes(email)),
  );
  const dropped = current.filter((row) => !kept.has(row.email.toLowerCase())).map((row) => row.id);
  if (dropped.length) await db.delete(userEmails).where(inArray(userEmails.id, dropped));
  const added = wanted.filter((email) => !kept.has(email));
  if (!added.length) return [];
  return db
    .insert(userEmails)
    .values(added.map((email) => ({ userId, email })))
    .returning();
}

/** One of the user's further addresses (case-insensitive), locked for the change when asked. */
export async function findUserEmail(
  db: DbOrTx,
  where: { userId: number; email: string } | { id: number },
  lock = false,
): Promise<UserEmailRow | null> {
  const condition =
    'id' in where
      ? eq(userEmails.id, where.id)
      : and(eq(userEmails.userId, where.userId), sql`lower(${userEmails.email}) = lower(${where.email})`);
  const query = db.select().from(userEmails).where(condition);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function markEmailVerified(db: DbOrTx, id: number): Promise<UserEmailRow> {
  const [row] = await db
    .update(userEmails)
    .set({ verifiedAt: new Date() })
    .where(eq(userEmails.id, id))
    .returning();
  return row!;
}

/**
 * Whether another account already owns this address: as the e-mail of a verified account, or
 * as a verified further address. Takes a transaction lock on the address first, so two accounts
 * proving it at once are decided one after the other.
 */
export async function addressOwnedElsewhere(tx: DbOrTx, email: string, userId: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(lower(${email})))`);
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.verified, true), ne(users.id, userId)))
    .limit(1);
  if (account) return true;
  const [added] = await tx
    .select({ id: userEmails.id })
    .from(userEmails)
    .where(
      and(
        sql`lower(${userEmails.email}) = lower(${email})`,
        isNotNull(userEmails.verifiedAt),
        ne(userEmails.userId, userId),
      ),
    )
    .limit(1);
  return Boolean(added);
}

/** Drops a further address of the user's once it becomes their sign-in address (never both). */
export async function dropFurtherEmail(db: DbOrTx, userId: number, email: string): Promise<void> {
  await db
    .delete(userEmails)
    .where(and(eq(userEmails.userId, userId), sql`lower(${userEmails.email}) = lower(${email})`));
}

export async function replacePhones(db: DbOrTx, userId: number, phones: string[]): Promise<void> {
  await db.delete(userPhones).where(eq(userPhones.userId, userId));
  if (phones.length)
    await db.insert(userPhones).values(phones.map((phoneNumber) => ({ userId, phoneNumber })));
}

/** Makes the user's roles exactly `roles` (known role keys). */
export async function setRoles(db: DbOrTx, userId: number, roles: readonly string[]): Promise<void> {
  await db.delete(userGroups).where(eq(userGroups.userId, userId));
  if (roles.length === 0) return;
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.name, [...roles]));
  await db.insert(userGroups).values(rows.map((group) => ({ userId, groupId: group.id })));
}

/** Another account already signs in with this address (case-insensitive). */
export async function emailTakenByOther(db: DbOrTx, email: string, userId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = lower(${email})`, userId === null ? undefined : ne(users.id, userId)),
    )
    .limit(1);
  return Boolean(row);
}

/** The times staff acted as the user (the post-log rows of impersonated sessions), newest first. */
export async function impersonationsOf(db: DbOrTx, userId: number, limit = 50) {
  return db
    .select({
      id: postLogs.id,
      log: postLogs.log,
      created: postLogs.created,
      impersonator: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(postLogs)
    .leftJoin(users, eq(users.id, postLogs.impersonatorId))
    .where(and(eq(postLogs.userId, userId), isNotNull(postLogs.impersonatorId)))
    .orderBy(desc(postLogs.created), desc(postLogs.id))
    .limit(limit);
}

/** A line of the user's event log (the start and end of an impersonation). */
export async function insertPostLog(db: DbOrTx, values: typeof postLogs.$inferInsert): Promise<void> {
  await db.insert(postLogs).values(values);
}
