/**
 * Roles (auth groups) of the portal. `{product}` in the spec is the fixed code `portal`.
 * Display labels follow foundation §6; `pi_sbso` is "also seen" in the spec and kept as a real role.
 */
export const ROLE_KEYS = [
  'primary_researcher',
  'portal_admin',
  'portal_admin_lead',
  'rm_admin',
  'sbso',
  'external_reviewer',
  'internal_reviewer',
  'portal_reviewer',
  'abn_proj_mgr',
  'abn_reviewer',
  'internal_read_only',
  'superuser',
  'access_admin',
  'pi_sbso',
] as const;

export type RoleKey = (typeof ROLE_KEYS)[number];

export const ROLE_LABELS: Record<RoleKey, string> = {
  primary_researcher: 'Primary Researcher',
  portal_admin: 'Portal Base Administrator',
  portal_admin_lead: 'Portal Administrator Lead',
  rm_admin: 'Research Match Administrator',
  sbso: 'Portal Base Signing Officer',
  external_reviewer: 'External Reviewer',
  internal_reviewer: 'Research Match Internal Reviewer',
  portal_reviewer: 'Portal Reviewer',
  abn_proj_mgr: 'ABN Project Manager',
  abn_reviewer: 'ABN Reviewer',
  internal_read_only: 'Internal Read Only User',
  superuser: 'Superuser',
  access_admin: 'Access Administrator',
  pi_sbso: 'PI and Signing Officer',
};

/**
 * Mutually exclusive roles (foundation §5). The relation is declared as the spec states it and
 * `rolesConflict` reads it both ways, so a pair listed on one side only still excludes.
 */
export const ROLE_EXCLUSIONS: Record<RoleKey, readonly RoleKey[]> = {
  primary_researcher: ['sbso', 'internal_reviewer', 'external_reviewer', 'abn_reviewer'],
  internal_reviewer: ['primary_researcher', 'portal_reviewer', 'rm_admin', 'internal_read_only'],
  sbso: ['primary_researcher', 'external_reviewer'],
  external_reviewer: ['sbso', 'primary_researcher'],
  portal_reviewer: ['internal_reviewer'],
  rm_admin: ['internal_reviewer'],
  internal_read_only: ['internal_reviewer'],
  portal_admin: ['abn_proj_mgr'],
  abn_proj_mgr: ['portal_admin'],
  abn_reviewer: ['primary_researcher'],
  portal_admin_lead: [],
  superuser: [],
  access_admin: [],
  pi_sbso: [],
};

export function isRoleKey(value: unknown): value is RoleKey {
  return typeof value === 'string' && (ROLE_KEYS as readonly string[]).includes(value);
}

export function rolesConflict(a: RoleKey, b: RoleKey): boolean {
  return ROLE_EXCLUSIONS[a].includes(b) || ROLE_EXCLUSIONS[b].includes(a);
}

/** The first pair of held roles that exclude each other, or null when the set is allowed. */
export function findRoleConflict(roles: readonly RoleKey[]): [RoleKey, RoleKey] | null {
  for (let i = 0; i < roles.length; i++) {
    for (let j = i + 1; j < roles.length; j++) {
      if (rolesConflict(roles[i]!, roles[j]!)) return [roles[i]!, roles[j]!];
    }
  }
  return null;
}

/** Staff roles: everyone who works for the foundation rather than for an institution. */
export const STAFF_ROLES: readonly RoleKey[] = [
  'portal_admin',
  'portal_admin_lead',
  'rm_admin',
  'portal_reviewer',
  'abn_proj_mgr',
  'abn_reviewer',
  'internal_reviewer',
  'external_reviewer',
  'internal_read_only',
  'superuser',
  'access_admin',
];

/** The reviewer groups (staff §6 "reviewer groups are …"); the reviewer picker offers their members. */
export const REVIEWER_ROLES = [
  'portal_reviewer',
  'internal_reviewer',
  'external_reviewer',
  'abn_reviewer',
] as const satisfies readonly RoleKey[];
