import { and, eq, inArray, sql } from 'drizzle-orm';
import { INSTITUTION_APPROVED, type RoleKey } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { hashPassword } from '../../platform/auth/passwords';
import { recordHistory } from '../../platform/history';
import { groups, institutions, userGroups, userInstitutions, users } from '../schema';

/**
 * Builders for users and institutions, shared by the demo seed, the CLI and the tests so every
 * path creates the same rows (roles, institution link, history).
 */

export interface NewUser {
  email: string;
  /** Omit for an account without a password (it must set one by e-mail). */
  password?: string;
  /** Instead of `password`: its argon2id hash, made once for many accounts (the tests' accounts). */
  passwordHash?: string;
  firstName?: string;
  lastName?: string;
  roles: RoleKey[];
  primaryRole?: RoleKey | null;
  verified?: boolean;
  agreedToTerms?: boolean;
  isActive?: boolean;
  institutionId?: number;
  /** Whether the institution has confirmed the affiliation (the signing official verifies it). */
  institutionVerified?: boolean;
  createdBy?: number | null;
  /** Further columns of the account, e.g. what the admin user form sets. */
  details?: Partial<
    Pick<typeof users.$inferInsert, 'title' | 'globusUsername' | 'comments' | 'additionalData'>
  >;
}

export async function createUser(tx: DbOrTx, input: NewUser) {
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.password ? await hashPassword(input.password) : (input.passwordHash ?? null),
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      primaryRole: input.primaryRole === undefined ? (input.roles[0] ?? null) : input.primaryRole,
      verified: input.verified ?? true,
      isActive: input.isActive ?? true,
      agreedToTermsAt: (input.agreedToTerms ?? true) ? new Date() : null,
      createdById: input.createdBy ?? null,
      ...input.details,
    })
    .returning();
  if (!user) throw new Error('insert returned no user');
  if (input.roles.length > 0) {
    const roleRows = await tx.select({ id: groups.id }).from(groups).where(inArray(groups.name, input.roles));
    if (roleRows.length !== input.roles.length) throw new Error(`Unknown role in ${input.roles.join(', ')}`);
    await tx.insert(userGroups).values(roleRows.map((group) => ({ userId: user.id, groupId: group.id })));
  }
  if (input.institutionId !== undefined) {
    await tx.insert(userInstitutions).values({
      userId: user.id,
      institutionId: input.institutionId,
      primary: true,
      verified: input.institutionVerified ?? true,
      lastChecked: input.institutionVerified === false ? null : new Date(),
      joinderDate: input.institutionVerified === false ? null : new Date(),
    });
  }
  await recordHistory(tx, {
    model: 'user',
    objectId: user.id,
    action: 'create',
    after: { ...user, roles: input.roles },
    by: input.createdBy ? { userId: input.createdBy } : null,
  });
  return user;
}

/** The user with this e-mail, created if missing (an existing account is left as it is). */
export async function ensureUser(tx: DbOrTx, input: NewUser) {
  const [existing] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  return existing ?? createUser(tx, input);
}

export interface NewInstitution {
  name: string;
  officialName?: string;
  statusId?: number;
  domains?: string[];
  ein?: string | null;
}

export async function createInstitution(tx: DbOrTx, input: NewInstitution) {
  const [institution] = await tx
    .insert(institutions)
    .values({
      name: input.name,
      officialName: input.officialName ?? input.name,
      statusId: input.statusId ?? INSTITUTION_APPROVED,
      domains: input.domains ?? [],
      ein: input.ein ?? null,
    })
    .returning();
  if (!institution) throw new Error('insert returned no institution');
  await recordHistory(tx, {
    model: 'institution',
    objectId: institution.id,
    action: 'create',
    after: institution,
    by: null,
  });
  return institution;
}

export async function ensureDemoInstitution(tx: DbOrTx, name: string) {
  const [existing] = await tx
    .select()
    .from(institutions)
    .where(and(eq(institutions.name, name), eq(institutions.statusId, INSTITUTION_APPROVED)));
  return existing ?? createInstitution(tx, { name, officialName: `${name} (Demo)`, domains: ['demo.test'] });
}
