import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { INSTITUTION_APPROVED } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import {
  groups,
  institutions,
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

/** The user's current primary affiliation (not removed), if any. */
export async function primaryUserInstitution(db: DbOrTx, userId: number) {
  const [link] = await db
    .select({ id: userInstitutions.id, institutionId: userInstitutions.institutionId })
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
  return link ?? null;
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

export async function contactsOf(db: DbOrTx, userId: number) {
  const [emails, phones] = await Promise.all([
    db.select().from(userEmails).where(eq(userEmails.userId, userId)).orderBy(asc(userEmails.id)),
    db.select().from(userPhones).where(eq(userPhones.userId, userId)).orderBy(asc(userPhones.id)),
  ]);
  return { emails: emails.map((row) => row.email), phones: phones.map((row) => row.phoneNumber) };
}

export async function replaceEmails(db: DbOrTx, userId: number, emails: string[]): Promise<void> {
  await db.delete(userEmails).where(eq(userEmails.userId, userId));
  if (emails.length) await db.insert(userEmails).values(emails.map((email) => ({ userId, email })));
}

export async function replacePhones(db: DbOrTx, userId: number, phones: string[]): Promise<void> {
  await db.delete(userPhones).where(eq(userPhones.userId, userId));
  if (phones.length)
    await db.insert(userPhones).values(phones.map((phoneNumber) => ({ userId, phoneNumber })));
}
