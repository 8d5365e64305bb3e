import { and, eq, sql } from 'drizzle-orm';
import { can, isRoleKey, type Actor, type RoleKey } from '@rrp/domain';
import type { DbOrTx } from '../db/database';
import { prepared } from '../db/prepared';
import { groups, userGroups, users } from '../../db/schema';

/** The staff member behind an impersonated session, as the permission table weighs them. */
interface Impersonator {
  id: number;
  email: string;
  roles: RoleKey[];
}

export interface SessionUser {
  id: number;
  email: string;
  tokenVersion: number;
  /** The staff member acting as this user, while impersonating. */
  impersonator: Impersonator | null;
  primaryRole: RoleKey | null;
  roles: RoleKey[];
  groups: string[];
}

/** The signed-in user with their groups, in one query; null when missing or inactive. */
export async function loadSessionUser(db: DbOrTx, userId: number): Promise<SessionUser | null> {
  const [row] = await prepared(db, 'session_user', (name) =>
    db
      .select({
        id: users.id,
        email: users.email,
        tokenVersion: users.tokenVersion,
        primaryRole: users.primaryRole,
        groups: sql<
          string[]
        >`coalesce(array_agg(${groups.name} order by ${groups.name}) filter (where ${groups.name} is not null), '{}')`,
      })
      .from(users)
      .leftJoin(userGroups, eq(userGroups.userId, users.id))
      .leftJoin(groups, eq(groups.id, userGroups.groupId))
      .where(and(eq(users.id, sql.placeholder('id')), eq(users.isActive, true)))
      .groupBy(users.id)
      // Every authenticated call makes this read: prepared, it is planned once per connection.
      .prepare(name),
  ).execute({ id: userId });
  if (!row) return null;
  const roles = row.groups.filter(isRoleKey);
  return {
    id: row.id,
    email: row.email,
    tokenVersion: row.tokenVersion,
    impersonator: null,
    primaryRole: isRoleKey(row.primaryRole) && roles.includes(row.primaryRole) ? row.primaryRole : null,
    roles,
    groups: row.groups,
  };
}

/**
 * The role a call acts in: the `?role=` asked for (which must be held), else the primary role,
 * else the only role. A multi-role user with no primary role acts with no role until they pick one.
 */
export function resolveActiveRole(
  user: SessionUser,
  requested: string | undefined,
): RoleKey | null | 'not-held' {
  if (requested !== undefined) {
    return isRoleKey(requested) && user.roles.includes(requested) ? requested : 'not-held';
  }
  if (user.primaryRole) return user.primaryRole;
  return user.roles.length === 1 ? user.roles[0]! : null;
}

export function actorOf(user: SessionUser, role: RoleKey | null): Actor {
  return {
    userId: user.id,
    role,
    roles: user.roles,
    impersonatorId: user.impersonator?.id ?? null,
    ...(user.impersonator ? { impersonatorRoles: user.impersonator.roles } : {}),
  };
}

/** Whether a user may act as others in any role they hold (the table's Impersonation grant). */
export function mayImpersonate(user: { id: number; roles: readonly RoleKey[] }): boolean {
  return user.roles.some((role) =>
    can({ userId: user.id, role, roles: user.roles }, 'create', 'Impersonation'),
  );
}
