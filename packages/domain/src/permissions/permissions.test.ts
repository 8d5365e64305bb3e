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

describe('impersonated sessions (decision 330)', () => {
  const actingAs = (role: Actor['role'], impersonatorRoles?: Actor['roles']): Actor => ({
    ...actor(role, 7),
    impersonatorId: 99,
    ...(impersonatorRoles ? { impersonatorRoles } : {}),
  });
  const own = { ownerId: 7, teamMemberIds: [7] };

  it('hold exactly the user’s rights, on the user’s own things, whoever acts', () => {
    // Issue 30 item 2: a superuser acting as a researcher sees the researcher's home.
    for (const staff of [['superuser'], ['portal_admin']] as const) {
      const session = actingAs('primary_researcher', staff);
      expect(mayAttempt(session, 'list', 'Request')).toBe(true);
      expect(mayAttempt(session, 'list', 'Project')).toBe(true);
      expect(mayAttempt(session, 'list', 'Renewal')).toBe(true);
      expect(can(session, 'read', 'Project', own)).toBe(true);
      expect(can(session, 'update', 'Project', { ownerId: 8 })).toBe(false);
      // No staff right comes along: the session is the researcher's.
      expect(can(session, 'read', 'Project', { ownerId: 8, teamMemberIds: [8] })).toBe(false);
      expect(can(session, 'read', 'ServiceHealth')).toBe(false);
      expect(can(session, 'delete', 'Notification', { recipientId: 7 })).toBe(true);
    }
    expect(permissionsFor(actingAs('primary_researcher', ['superuser']), 'Project', own)).toEqual([
      'list',
      'read',
      'create',
      'update',
      'delete',
    ]);
  });

  it('hold nothing once the staff member may no longer act as the account (grant matrix, decision 306)', () => {
    // The attack of issue 13.2: an administrator acting as an access administrator.
    expect(can(actingAs('access_admin', ['portal_admin']), 'create', 'DatasetAccess')).toBe(false);
    expect(mayAttempt(actingAs('access_admin', ['portal_admin']), 'read', 'Session')).toBe(false);
    expect(can(actingAs('access_admin', ['superuser']), 'create', 'DatasetAccess')).toBe(true);
    // A role that may not impersonate, whatever it may grant.
    expect(can(actingAs('primary_researcher', ['access_admin']), 'read', 'Session')).toBe(false);
    // Nobody acts as a superuser or administrator lead.
    expect(can(actingAs('superuser', ['superuser']), 'read', 'Session')).toBe(false);
    expect(can(actingAs('portal_admin_lead', ['superuser']), 'read', 'Session')).toBe(false);
    // The account gained a role above the staff member after the session began.
    const raised: Actor = {
      ...actingAs('primary_researcher', ['portal_admin']),
      roles: ['primary_researcher', 'access_admin'],
    };
    expect(can(raised, 'read', 'Session')).toBe(false);
  });

  it('hold nothing when the staff member’s roles are unknown', () => {
    expect(can(actingAs('primary_researcher'), 'read', 'Session')).toBe(false);
    expect(can(actingAs('primary_researcher'), 'create', 'Project')).toBe(false);
  });
});
