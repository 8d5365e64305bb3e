import { ROLE_LABELS, isRoleKey, rolesConflict, type RoleKey } from '../constants/roles';
import { can } from '../permissions/can';
import { ROLE_GRANTS, grantableBy, mayAdministerAccount, roleAboveGranter } from '../permissions/grants';

/**
 * Who may give whom which roles (foundation §5 exclusions, §6; staff §6 access_admin and
 * superuser; decisions 143, 306). Every write of a user's roles (create, edit, role grant) asks
 * `roleChangeErrors`, so the rules live here once and the web form shows the same messages; which
 * role grants which is the permission module's grant matrix (`ROLE_GRANTS`).
 */

/** The roles whose holders fill in the admin user form and so may grant roles at all. */
export const ROLE_GRANTERS: readonly RoleKey[] = (Object.keys(ROLE_GRANTS) as RoleKey[]).filter(
  (role) => ROLE_GRANTS[role].length > 0,
);

const label = (role: string) => (isRoleKey(role) ? ROLE_LABELS[role] : role);

export const ROLE_GRANT_MESSAGES = {
  unknownRole: (role: string) => `"${role}" is not a role.`,
  notGrantable: (role: RoleKey) => `You may not grant or remove the role ${ROLE_LABELS[role]}.`,
  ownRoles: 'You cannot change your own roles.',
  exclusive: (a: RoleKey, b: RoleKey) =>
    `${ROLE_LABELS[a]} and ${ROLE_LABELS[b]} are mutually exclusive roles: choose one of them.`,
  /** An identity change (e-mail, activation, password, roles) of an account above the granter. */
  accountAbove: (role: string) =>
    `You may not change the e-mail, activation, password or roles of an account holding the role ${label(role)}.`,
  /** Acting as an account above the staff member (the impersonation form's e-mail field). */
  impersonationAbove: (role: string) => `You may not act as an account holding the role ${label(role)}.`,
} as const;

/** Who is granting: the active role decides, as for every other permission. */
export interface Granter {
  userId: number;
  role: RoleKey | null;
}

/** The roles this granter may give or take away on the admin user form, in the spec's order. */
export function grantableRoles(granter: Granter): RoleKey[] {
  return grantableBy(granter.role);
}

/**
 * Why this granter may not change the identity (e-mail, activation, password, roles) of another
 * account: it holds a role the granter may not grant. Null when it may, and for one's own account
 * (changing one's own roles is refused by `roleChangeErrors`, one's own activation by the service).
 */
export function identityChangeRefusal(
  granter: Granter,
  targetUserId: number,
  targetRoles: readonly string[],
): string | null {
  if (targetUserId === granter.userId) return null;
  const above = roleAboveGranter(granter.role, targetRoles);
  return above === null ? null : ROLE_GRANT_MESSAGES.accountAbove(above);
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
 * roles, a change to one's own roles, a change to the roles of an account holding a role the
 * granter may not grant, roles the granter may not grant or remove, and each pair of mutually
 * exclusive roles, named.
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
    const above =
      change.targetUserId === null
        ? null
        : identityChangeRefusal(change.granter, change.targetUserId, change.before);
    if (above && (added.length || removed.length)) {
      errors.push(above);
    } else {
      const grantable = grantableRoles(change.granter);
      for (const role of [...added, ...removed].filter(isRoleKey)) {
        if (!grantable.includes(role)) errors.push(ROLE_GRANT_MESSAGES.notGrantable(role));
      }
    }
  }
  for (const [a, b] of exclusivePairs(after)) errors.push(ROLE_GRANT_MESSAGES.exclusive(a, b));
  return errors;
}

/**
 * Why a staff member may not act as an account (decision 306), or null when they may: one of
 * their roles must both allow impersonation and grant every role the account holds.
 */
export function impersonationRefusalMessage(
  staff: { userId: number; roles: readonly RoleKey[] },
  targetRoles: readonly string[],
): string | null {
  const impersonating = staff.roles.filter((role) =>
    can({ userId: staff.userId, role, roles: staff.roles }, 'create', 'Impersonation'),
  );
  if (impersonating.some((role) => mayAdministerAccount(role, targetRoles))) return null;
  const above = roleAboveGranter(impersonating[0] ?? null, targetRoles);
  return ROLE_GRANT_MESSAGES.impersonationAbove(above ?? targetRoles[0] ?? '');
}
