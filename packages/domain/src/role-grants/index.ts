import { ROLE_KEYS, ROLE_LABELS, isRoleKey, rolesConflict, type RoleKey } from '../constants/roles';

/**
 * Who may give whom which roles (foundation §5 exclusions, §6; staff §6 access_admin and
 * superuser; decision 143). Every write of a user's roles (create, edit, role grant) asks
 * `roleChangeErrors`, so the rules live here once and the web form shows the same messages.
 */

/** The roles whose holders fill in the admin user form and so may grant roles at all. */
export const ROLE_GRANTERS: readonly RoleKey[] = ['portal_admin', 'access_admin', 'superuser'];

/** Roles only a superuser may grant or take away. */
const SUPERUSER_ONLY: readonly RoleKey[] = ['superuser'];

export const ROLE_GRANT_MESSAGES = {
  unknownRole: (role: string) => `"${role}" is not a role.`,
  notGrantable: (role: RoleKey) => `You may not grant or remove the role ${ROLE_LABELS[role]}.`,
  ownRoles: 'You cannot change your own roles.',
  exclusive: (a: RoleKey, b: RoleKey) =>
    `${ROLE_LABELS[a]} and ${ROLE_LABELS[b]} are mutually exclusive roles: choose one of them.`,
} as const;

/** Who is granting: the active role decides, as for every other permission. */
export interface Granter {
  userId: number;
  role: RoleKey | null;
}

/** The roles this granter may give or take away on the admin user form, in the spec's order. */
export function grantableRoles(granter: Granter): RoleKey[] {
  if (!granter.role || !ROLE_GRANTERS.includes(granter.role)) return [];
  if (granter.role === 'superuser') return [...ROLE_KEYS];
  return ROLE_KEYS.filter((role) => !SUPERUSER_ONLY.includes(role));
}

/** Every pair of the set that excludes each other, each pair once, in the set's order. */
export function exclusivePairs(roles: readonly RoleKey[]): [RoleKey, RoleKey][] {
  const pairs: [RoleKey, RoleKey][] = [];
  for (let i = 0; i < roles.length; i++) {
    for (let j = i + 1; j < roles.length; j++) {
      if (rolesConflict(roles[i]!, roles[j]!)) pairs.push([roles[i]!, roles[j]!]);
    }
  }
  return pairs;
}

export interface RoleChange {
  granter: Granter;
  /** The user whose roles change; null for a user being created. */
  targetUserId: number | null;
  /** The roles the user holds now (empty for a new user). */
  before: readonly string[];
  /** The roles asked for. */
  after: readonly string[];
}

/**
 * The messages for the `groups` field of a role change, or none when it is allowed: unknown
 * roles, a change to one's own roles, roles the granter may not grant or remove, and each pair of
 * mutually exclusive roles, named.
 */
export function roleChangeErrors(change: RoleChange): string[] {
  const unknown = change.after.filter((role) => !isRoleKey(role));
  if (unknown.length) return unknown.map(ROLE_GRANT_MESSAGES.unknownRole);
  const before = new Set(change.before);
  const after = [...new Set(change.after)] as RoleKey[];
  const added = after.filter((role) => !before.has(role));
  const removed = [...before].filter((role) => !after.includes(role as RoleKey));
  const errors: string[] = [];
  if (change.targetUserId === change.granter.userId && (added.length || removed.length)) {
    errors.push(ROLE_GRANT_MESSAGES.ownRoles);
  } else {
    const grantable = grantableRoles(change.granter);
    for (const role of [...added, ...removed].filter(isRoleKey)) {
      if (!grantable.includes(role)) errors.push(ROLE_GRANT_MESSAGES.notGrantable(role));
    }
  }
  for (const [a, b] of exclusivePairs(after)) errors.push(ROLE_GRANT_MESSAGES.exclusive(a, b));
  return errors;
}
