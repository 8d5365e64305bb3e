import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { institutions, officialInvitations, users } from '../../db/schema';

type InvitationStatus = 'withdrawn' | 'accepted' | 'declined';

/** Withdraws the institution's pending invitations (only the newest one is ever valid). */
export async function withdrawPendingInvitations(db: DbOrTx, institutionId: number): Promise<void> {
  await db
    .update(officialInvitations)
    .set({ status: 'withdrawn' })
    .where(
      and(eq(officialInvitations.institutionId, institutionId), eq(officialInvitations.status, 'pending')),
    );
}

export async function insertInvitation(
  db: DbOrTx,
  values: typeof officialInvitations.$inferInsert,
): Promise<void> {
  await db.insert(officialInvitations).values(values);
}

/** The pending invitation with this token digest and its institution's name, locked when asked. */
export async function pendingInvitationByToken(db: DbOrTx, tokenHash: string, lock: boolean) {
  const query = db
    .select({ invitation: officialInvitations, institutionName: institutions.name })
    .from(officialInvitations)
    .innerJoin(institutions, eq(institutions.id, officialInvitations.institutionId))
    .where(and(eq(officialInvitations.tokenHash, tokenHash), eq(officialInvitations.status, 'pending')));
  const [row] = lock ? await query.for('update', { of: officialInvitations }) : await query;
  return row ?? null;
}

export async function setInvitationStatus(db: DbOrTx, id: number, status: InvitationStatus): Promise<void> {
  await db.update(officialInvitations).set({ status }).where(eq(officialInvitations.id, id));
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Whether an account has this e-mail address, in any case. */
export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return Boolean(row);
}

export async function setUserContact(
  db: DbOrTx,
  id: number,
  contact: { title: string | null | undefined; phoneNumber: string | null | undefined },
): Promise<void> {
  await db.update(users).set(contact).where(eq(users.id, id));
}

/** Institutions of this name, in any case (the proposal's suggestions). */
export function institutionsNamed(db: DbOrTx, name: string) {
  return db
    .select({ id: institutions.id, name: institutions.name })
    .from(institutions)
    .where(sql`lower(${institutions.name}) = lower(${name})`);
}

/** Institutions with this e-mail domain, but for those in the given status. */
export function institutionsWithDomain(db: DbOrTx, domain: string, exceptStatus: number) {
  return db
    .select({ id: institutions.id, name: institutions.name })
    .from(institutions)
    .where(and(sql`${domain} = any(${institutions.domains})`, ne(institutions.statusId, exceptStatus)));
}
