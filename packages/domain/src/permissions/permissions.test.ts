import { describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '../constants/roles';
import { ACTIONS, PERMISSIONS, SUBJECTS, can, mayAttempt, permissionsFor, type Actor } from './index';

// The domain package compiles without DOM or Node types; the test runner provides the console.
declare const console: { warn(message: string): void };

const actor = (role: Actor['role'], userId = 7): Actor => ({ userId, role, roles: role ? [role] : [] });

describe('permission table', () => {
  it('prints the whole role x subject x action matrix', () => {
    const header = ['subject.action', 'visitor', ...ROLE_KEYS];
    const rows = SUBJECTS.flatMap((subject) =>
      ACTIONS.map((action) => [
        `${subject}.${action}`,
        ...[null, ...ROLE_KEYS].map((role) => {
          const who = role ? actor(role) : null;
          if (can(who, action, subject)) return 'yes';
          return mayAttempt(who, action, subject) ? 'cond' : '-';
        }),
      ]),
    );
    const widths = header.map((_, column) =>
      Math.max(...[header, ...rows].map((row) => row[column]!.length)),
    );
    const render = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join(' ');
    console.warn(
      [
        'Permission matrix (yes = always, cond = on objects meeting a condition):',
        render(header),
        ...rows.map(render),
      ].join('\n'),
    );
    expect(rows).toHaveLength(SUBJECTS.length * ACTIONS.length);
  });

  it('gives every role an entry, so a new role cannot be forgotten', () => {
    for (const role of ROLE_KEYS) expect(PERMISSIONS).toHaveProperty(role);
  });

  it('lets visitors read public reference data and nothing signed-in', () => {
    expect(can(null, 'list', 'MetaData')).toBe(true);
    expect(can(null, 'list', 'Cohort')).toBe(true);
    expect(can(null, 'read', 'Session')).toBe(false);
    expect(can(null, 'list', 'FeatureToggle')).toBe(false);
  });

  it('grants signed-in rights to every role, and to a user with no active role', () => {
    for (const role of [null, ...ROLE_KEYS]) expect(can(actor(role), 'read', 'Session')).toBe(true);
    expect(can(actor(null), 'list', 'History')).toBe(false);
  });

  it('keeps service health checks and feature switching to superusers', () => {
    for (const role of ROLE_KEYS) {
      expect(can(actor(role), 'read', 'ServiceHealth'), role).toBe(role === 'superuser');
      expect(can(actor(role), 'update', 'FeatureToggle'), role).toBe(role === 'superuser');
    }
  });

  it('evaluates a conditional grant on the object', () => {
    const me = actor('primary_researcher', 7);
    expect(mayAttempt(me, 'update', 'User')).toBe(true);
    expect(can(me, 'update', 'User')).toBe(false);
    expect(can(me, 'update', 'User', { id: 7 })).toBe(true);
    expect(can(me, 'update', 'User', { id: 8 })).toBe(false);
    expect(can(null, 'update', 'User', { id: 7 })).toBe(false);
  });

  it('lists the actions held on an object for the web app', () => {
    expect(permissionsFor(actor('primary_researcher', 7), 'User', { id: 7 })).toEqual(['read', 'update']);
    expect(permissionsFor(actor('primary_researcher', 7), 'User', { id: 8 })).toEqual([]);
  });

  it('lets only superusers and administrators impersonate', () => {
    const allowed = ROLE_KEYS.filter((role) => can(actor(role), 'create', 'Impersonation'));
    expect(allowed).toEqual(['portal_admin', 'superuser']);
  });

  it('lets only administrators and superusers send staff notifications', () => {
    const allowed = ROLE_KEYS.filter((role) => can(actor(role), 'create', 'StaffNotification'));
    expect(allowed).toEqual(['portal_admin', 'superuser']);
  });

  it('opens institution-helper/ to researchers (proposals) and administrators (the admin form)', () => {
    for (const action of ['create', 'update'] as const) {
      const allowed = ROLE_KEYS.filter((role) => can(actor(role), action, 'InstitutionProposal'));
      expect(allowed).toEqual(['primary_researcher', 'portal_admin', 'pi_sbso']);
    }
  });
});

describe('impersonated sessions (decision 108)', () => {
  const actingAs = (role: Actor['role'], impersonatorRoles?: Actor['roles']): Actor => ({
    ...actor(role, 7),
    impersonatorId: 99,
    ...(impersonatorRoles ? { impersonatorRoles } : {}),
  });

  it('hold a right only when the staff member holds it too, in one of their roles', () => {
    // The attack of issue 13.2: an administrator acting as an access administrator.
    expect(can(actor('access_admin'), 'create', 'DatasetAccess')).toBe(true);
    expect(can(actingAs('access_admin', ['portal_admin']), 'create', 'DatasetAccess')).toBe(false);
    expect(mayAttempt(actingAs('access_admin', ['portal_admin']), 'create', 'DatasetAccess')).toBe(false);
    expect(can(actingAs('access_admin', ['superuser', 'access_admin']), 'create', 'DatasetAccess')).toBe(
      true,
    );
  });

  it('keep the user’s own conditions: the researcher’s project, which an administrator may edit anyway', () => {
    const own = { ownerId: 7, teamMemberIds: [7] };
    expect(can(actingAs('primary_researcher', ['portal_admin']), 'update', 'Project', own)).toBe(true);
    expect(can(actingAs('primary_researcher', ['portal_admin']), 'update', 'Project', { ownerId: 8 })).toBe(
      false,
    );
    // A superuser may not see projects, so neither may their session as the researcher.
    expect(can(actingAs('primary_researcher', ['superuser']), 'read', 'Project', own)).toBe(false);
    // Conditions about the user themself are the staff member's own to meet.
    expect(
      can(actingAs('primary_researcher', ['portal_admin']), 'delete', 'Notification', { recipientId: 7 }),
    ).toBe(false);
    expect(permissionsFor(actingAs('primary_researcher', ['portal_admin']), 'Project', own)).toEqual([
      'list',
      'read',
      'create',
      'update',
      'delete',
    ]);
  });

  it('fall back to signed-in rights when the staff member’s roles are unknown', () => {
    expect(can(actingAs('primary_researcher'), 'read', 'Session')).toBe(true);
    expect(can(actingAs('primary_researcher'), 'create', 'Project')).toBe(false);
  });
});
