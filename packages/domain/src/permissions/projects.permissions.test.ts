import { describe, expect, it } from 'vitest';
import { ROLE_KEYS, type RoleKey } from '../constants/roles';
import { can, mayAttempt, permissionsFor, type Actor } from './index';

const actor = (role: RoleKey, userId = 7): Actor => ({ userId, role, roles: [role] });
const own = { ownerId: 7, teamMemberIds: [7] };
const onTeam = { ownerId: 8, teamMemberIds: [8, 7] };
const foreign = { ownerId: 8, teamMemberIds: [8] };

describe('project permissions (researcher §6)', () => {
  it('lets researchers read projects whose team they are on and change only their own', () => {
    for (const role of ['primary_researcher', 'pi_sbso'] as const) {
      const me = actor(role);
      expect(permissionsFor(me, 'Project', own)).toEqual(['list', 'read', 'create', 'update', 'delete']);
      expect(permissionsFor(me, 'Project', onTeam)).toEqual(['list', 'read', 'create']);
      expect(permissionsFor(me, 'Project', foreign)).toEqual(['list', 'create']);
      expect(can(me, 'update', 'ResearchTeam', own)).toBe(true);
      expect(can(me, 'update', 'ResearchTeam', onTeam)).toBe(false);
      expect(can(me, 'read', 'History', own)).toBe(true);
      expect(can(me, 'read', 'History', onTeam)).toBe(false);
    }
  });

  it('gives administrators everything and the viewing staff read access', () => {
    expect(permissionsFor(actor('portal_admin'), 'Project', foreign)).toEqual([
      'list',
      'read',
      'create',
      'update',
      'delete',
    ]);
    for (const role of [
      'portal_reviewer',
      'internal_read_only',
      'access_admin',
      'abn_proj_mgr',
      'portal_admin_lead',
    ] as const) {
      expect(permissionsFor(actor(role), 'Project', foreign), role).toEqual(['list', 'read']);
    }
  });

  it('lets the owner, administrators, access administrators and reviewers of its requests edit a team', () => {
    const editors = ROLE_KEYS.filter((role) => can(actor(role), 'update', 'ResearchTeam', foreign));
    expect(editors).toEqual(['portal_admin', 'access_admin']);
    const reviewed = { ...foreign, reviewerIds: [7] };
    expect(can(actor('portal_reviewer'), 'update', 'ResearchTeam', reviewed)).toBe(true);
    expect(can(actor('portal_reviewer', 9), 'update', 'ResearchTeam', reviewed)).toBe(false);
    // A reviewer role that reads only its own requests never edits a team, assigned or not.
    expect(can(actor('external_reviewer'), 'update', 'ResearchTeam', reviewed)).toBe(false);
  });

  it('keeps projects from roles that do not work with them', () => {
    for (const role of [
      'sbso',
      'external_reviewer',
      'internal_reviewer',
      'abn_reviewer',
      'rm_admin',
      'superuser',
    ] as const) {
      expect(mayAttempt(actor(role), 'read', 'Project'), role).toBe(false);
    }
    expect(mayAttempt(null, 'list', 'Project')).toBe(false);
  });
});
