import { describe, expect, it } from 'vitest';
import { ROLE_EXCLUSIONS, ROLE_KEYS, findRoleConflict, isRoleKey, rolesConflict } from './roles';

describe('roles', () => {
  it('has the 13 roles of the spec plus pi_sbso', () => {
    expect(ROLE_KEYS).toHaveLength(14);
    expect(isRoleKey('pi_sbso')).toBe(true);
    expect(isRoleKey('root')).toBe(false);
  });

  it('applies the exclusions of foundation §5 in both directions', () => {
    expect(rolesConflict('primary_researcher', 'sbso')).toBe(true);
    expect(rolesConflict('sbso', 'primary_researcher')).toBe(true);
    expect(rolesConflict('abn_reviewer', 'primary_researcher')).toBe(true);
    expect(rolesConflict('portal_admin', 'abn_proj_mgr')).toBe(true);
    expect(rolesConflict('internal_read_only', 'internal_reviewer')).toBe(true);
    expect(rolesConflict('portal_admin', 'superuser')).toBe(false);
    expect(rolesConflict('primary_researcher', 'portal_reviewer')).toBe(false);
  });

  it('only names known roles in the exclusion table', () => {
    for (const excluded of Object.values(ROLE_EXCLUSIONS).flat()) expect(isRoleKey(excluded)).toBe(true);
  });

  it('finds the first conflicting pair of a role set', () => {
    expect(findRoleConflict(['portal_admin', 'superuser', 'access_admin'])).toBeNull();
    expect(findRoleConflict(['superuser', 'external_reviewer', 'sbso'])).toEqual([
      'external_reviewer',
      'sbso',
    ]);
  });
});
