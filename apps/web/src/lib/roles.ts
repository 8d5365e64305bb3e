import { isRoleKey, type RoleKey } from '@rrp/domain';

/**
 * The active role (foundation §4): the role remembered in the cookie if the user still holds it,
 * else the primary role, else the only role; a multi-role user without a primary role has none
 * until they choose ('Primary Role Update').
 */
export function resolveActiveRole(
  user: { roles: readonly RoleKey[]; primary_role: RoleKey | null },
  remembered: string | null,
): RoleKey | null {
  if (remembered && isRoleKey(remembered) && user.roles.includes(remembered)) return remembered;
  if (user.primary_role && user.roles.includes(user.primary_role)) return user.primary_role;
  return user.roles.length === 1 ? user.roles[0]! : null;
}

/** A multi-role user with no primary role must pick one before using the portal. */
export function needsPrimaryRole(user: { roles: readonly RoleKey[]; primary_role: RoleKey | null }): boolean {
  return user.roles.length > 1 && user.primary_role === null;
}
