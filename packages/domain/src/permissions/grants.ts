import { ROLE_KEYS, isRoleKey, type RoleKey } from '../constants/roles';

/**
 * The grant matrix (issue 29, decision 306): which roles a granter, in its active role, may give,
 * take away, or create an account with. A superuser grants every role. Otherwise a role is
 * grantable only when it lends nothing beyond the granter's own rights: every right it holds is
 * the granter's too, or acts only on what the holder is tied to (a signing official's own
 * institution, a reviewer's own assignments, a researcher's own projects), or is a right of the
 * Primary Researcher, which anyone gets by registering. `grants.test.ts` derives the same matrix
 * from the permission table, so a right added to a role later shows up here as a failing test.
 *
 * The same matrix bounds who may change another account's identity (e-mail, activation,
 * password, roles) or act as it: only a granter who may grant every role the account holds.
 */
export const ROLE_GRANTS: Readonly<Record<RoleKey, readonly RoleKey[]>> = {
  superuser: ROLE_KEYS,
  // Not portal_admin_lead (the foundation's countersignature), access_admin (dataset access)
  // nor superuser: each holds rights an administrator lacks.
  portal_admin: [
    'primary_researcher',
    'portal_admin',
    'rm_admin',
    'sbso',
    'external_reviewer',
    'internal_reviewer',
    'portal_reviewer',
    'abn_proj_mgr',
    'abn_reviewer',
    'internal_read_only',
    'pi_sbso',
  ],
  // Staff §6 "create users": researchers and officials who apply for data, and its own peers.
  access_admin: ['primary_researcher', 'sbso', 'access_admin', 'pi_sbso'],
  primary_researcher: [],
  portal_admin_lead: [],
  rm_admin: [],
  sbso: [],
  external_reviewer: [],
  internal_reviewer: [],
  portal_reviewer: [],
  abn_proj_mgr: [],
  abn_reviewer: [],
  internal_read_only: [],
  pi_sbso: [],
};

/** Whether a granter in this active role may give or take away the role. */
export function mayGrantRole(granter: RoleKey | null, role: string): boolean {
  if (!granter || !isRoleKey(role)) return false;
  return ROLE_GRANTS[granter].includes(role);
}

/** The roles a granter in this active role may give or take away, in the spec's order. */
export function grantableBy(granter: RoleKey | null): RoleKey[] {
  return ROLE_KEYS.filter((role) => mayGrantRole(granter, role));
}

/**
 * Whether a granter in this active role may change the identity of (or act as) an account
 * holding these roles: only when it may grant every one of them. A group that is not a known
 * role is a superuser's to judge.
 */
export function mayAdministerAccount(granter: RoleKey | null, heldRoles: readonly string[]): boolean {
  if (granter === 'superuser') return true;
  return heldRoles.every((role) => mayGrantRole(granter, role));
}

/** Nobody acts as a holder of these roles, a superuser included, whatever they may grant (decision 012). */
export const NEVER_ACTED_AS: readonly RoleKey[] = ['superuser', 'portal_admin_lead'];

/**
 * Whether a staff member in this role may act as an account holding these roles (decision 306):
 * only when the role may grant every one of them, and none is out of everyone's reach. Whether the
 * role may impersonate at all is the permission table's `Impersonation.create`.
 */
export function mayActAsAccount(staffRole: RoleKey | null, heldRoles: readonly string[]): boolean {
  return (
    !heldRoles.some((role) => (NEVER_ACTED_AS as readonly string[]).includes(role)) &&
    mayAdministerAccount(staffRole, heldRoles)
  );
}

/** The first role of the account the granter may not grant (for the refusal's message), if any. */
export function roleAboveGranter(granter: RoleKey | null, heldRoles: readonly string[]): string | null {
  if (granter === 'superuser') return null;
  return heldRoles.find((role) => !mayGrantRole(granter, role)) ?? null;
}
