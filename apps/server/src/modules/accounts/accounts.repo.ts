import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { userInstitutions, users } from '../../db/schema';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return user ?? null;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export async function primaryUserInstitution(db: DbOrTx, userId: number) {
  const [link] = await db
    .select({ id: userInstitutions.id, institutionId: userInstitutions.institutionId })
    .from(userInstitutions)
    .where(and(eq(userInstitutions.userId, userId), eq(userInstitutions.primary, true)))
    .orderBy(userInstitutions.id)
    .limit(1);
  return link ?? null;
}

export async function recordSignIn(db: DbOrTx, userId: number, agreedToTerms: boolean): Promise<void> {
  await db
    .update(users)
    .set({ lastLogin: new Date(), ...(agreedToTerms ? { agreedToTermsAt: new Date() } : {}) })
    .where(eq(users.id, userId));
}
