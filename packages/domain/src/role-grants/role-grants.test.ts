import { describe, expect, it } from 'vitest';
import { ROLE_KEYS, type RoleKey } from '../constants/roles';
import {
  ROLE_GRANT_MESSAGES,
  exclusivePairs,
  grantableRoles,
  identityChangeRefusal,
  impersonationRefusalMessage,
  roleChangeErrors,
} from './index';

/** Foundation §5, written out pair by pair (unordered), independently of the table in constants. */
const SPEC_EXCLUSIVE_PAIRS: [RoleKey, RoleKey][] = [
  ['primary_researcher', 'sbso'],
  ['primary_researcher', 'internal_reviewer'],
  ['primary_researcher', 'external_reviewer'],
  ['primary_researcher', 'abn_reviewer'],
  ['internal_reviewer', 'portal_reviewer'],
  ['internal_reviewer', 'rm_admin'],
  ['internal_reviewer', 'internal_read_only'],
  ['sbso', 'external_reviewer'],
  ['portal_admin', 'abn_proj_mgr'],
];
const isSpecPair = (a: RoleKey, b: RoleKey) =>
  SPEC_EXCLUSIVE_PAIRS.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

const admin = { userId: 1, role: 'access_admin' as const };
const superuser = { userId: 2, role: 'superuser' as const };
const grant = (after: string[], granter: { userId: number; role: RoleKey | null } = superuser) =>
  roleChangeErrors({ granter, targetUserId: 10, before: [], after });

describe('role exclusions on a grant', () => {
  it.each(SPEC_EXCLUSIVE_PAIRS)('refuses %s with %s, naming both roles', (a, b) => {
    expect(grant([a, b])).toEqual([ROLE_GRANT_MESSAGES.exclusive(a, b)]);
    expect(grant([b, a])).toEqual([ROLE_GRANT_MESSAGES.exclusive(b, a)]);
  });

  it('allows every other pair of roles', () => {
    for (const a of ROLE_KEYS) {
      for (const b of ROLE_KEYS) {
        if (a === b || isSpecPair(a, b)) continue;
        expect(exclusivePairs([a, b]), `${a} + ${b}`).toEqual([]);
      }
    }
  });

  it('names every conflicting pair of a larger set', () => {
    expect(grant(['primary_researcher', 'sbso', 'external_reviewer'])).toEqual([
      ROLE_GRANT_MESSAGES.exclusive('primary_researcher', 'sbso'),
      ROLE_GRANT_MESSAGES.exclusive('primary_researcher', 'external_reviewer'),
      ROLE_GRANT_MESSAGES.exclusive('sbso', 'external_reviewer'),
    ]);
  });

  it('names the role labels in the message', () => {
    expect(ROLE_GRANT_MESSAGES.exclusive('portal_admin', 'abn_proj_mgr')).toBe(
      'Portal Base Administrator and ABN Project Manager are mutually exclusive roles: choose one of them.',
    );
  });

  it('refuses a held pair that conflicts even when the change adds neither', () => {
    expect(
      roleChangeErrors({
        granter: superuser,
        targetUserId: 10,
        before: ['portal_admin', 'abn_proj_mgr'],
        after: ['portal_admin', 'abn_proj_mgr', 'superuser'],
      }),
    ).toEqual([ROLE_GRANT_MESSAGES.exclusive('portal_admin', 'abn_proj_mgr')]);
  });
});

describe('who grants what', () => {
  it('lets a superuser grant every role, superuser included', () => {
    expect(grantableRoles(superuser)).toEqual([...ROLE_KEYS]);
    expect(grant(['superuser', 'portal_admin'])).toEqual([]);
  });

  it('lets portal_admin grant the roles within its rights, and not the lead, access or superuser roles', () => {
    const granter = { userId: 1, role: 'portal_admin' as const };
    expect(grantableRoles(granter)).toEqual(
      ROLE_KEYS.filter((key) => !['portal_admin_lead', 'access_admin', 'superuser'].includes(key)),
    );
    expect(grant(['portal_reviewer', 'rm_admin'], granter)).toEqual([]);
    for (const role of ['superuser', 'access_admin', 'portal_admin_lead'] as const) {
      expect(grant([role], granter)).toEqual([ROLE_GRANT_MESSAGES.notGrantable(role)]);
    }
  });

  it('lets access_admin grant researchers, officials and its own role only', () => {
    expect(grantableRoles(admin)).toEqual(['primary_researcher', 'sbso', 'access_admin', 'pi_sbso']);
    expect(grant(['portal_reviewer'], admin)).toEqual([ROLE_GRANT_MESSAGES.notGrantable('portal_reviewer')]);
  });

  it('keeps a superuser role from being taken away by anyone but a superuser', () => {
    const change = { targetUserId: 10, before: ['superuser', 'portal_admin'], after: ['portal_admin'] };
    expect(roleChangeErrors({ ...change, granter: admin })).toEqual([
      ROLE_GRANT_MESSAGES.accountAbove('superuser'),
    ]);
    expect(roleChangeErrors({ ...change, granter: superuser })).toEqual([]);
  });

  it('refuses any role change of an account holding a role the granter may not grant (issue 29.1)', () => {
    const portalAdmin = { userId: 1, role: 'portal_admin' as const };
    for (const held of ['superuser', 'portal_admin_lead', 'access_admin'] as const) {
      expect(
        roleChangeErrors({
          granter: portalAdmin,
          targetUserId: 10,
          before: [held],
          after: [held, 'portal_reviewer'],
        }),
      ).toEqual([ROLE_GRANT_MESSAGES.accountAbove(held)]);
    }
    expect(identityChangeRefusal(portalAdmin, 10, ['portal_admin', 'superuser'])).toBe(
      ROLE_GRANT_MESSAGES.accountAbove('superuser'),
    );
    expect(identityChangeRefusal(portalAdmin, 10, ['portal_admin'])).toBeNull();
    expect(identityChangeRefusal(portalAdmin, 1, ['portal_admin', 'portal_admin_lead'])).toBeNull();
  });

  it('lets an admin save a superuser’s record with the roles unchanged', () => {
    expect(
      roleChangeErrors({
        granter: admin,
        targetUserId: 10,
        before: ['superuser'],
        after: ['superuser'],
      }),
    ).toEqual([]);
  });

  it.each(ROLE_KEYS.filter((role) => !['portal_admin', 'access_admin', 'superuser'].includes(role)))(
    'gives %s nothing to grant',
    (role) => {
      const granter = { userId: 1, role };
      expect(grantableRoles(granter)).toEqual([]);
      expect(grant(['primary_researcher'], granter)).toEqual([
        ROLE_GRANT_MESSAGES.notGrantable('primary_researcher'),
      ]);
    },
  );

  it('gives a user without an active role nothing to grant', () => {
    expect(grantableRoles({ userId: 1, role: null })).toEqual([]);
  });

  it('refuses any change to one’s own roles, even by a superuser', () => {
    expect(
      roleChangeErrors({ granter: superuser, targetUserId: 2, before: ['superuser'], after: [] }),
    ).toEqual([ROLE_GRANT_MESSAGES.ownRoles]);
    expect(
      roleChangeErrors({
        granter: admin,
        targetUserId: 1,
        before: ['access_admin'],
        after: ['access_admin', 'portal_admin'],
      }),
    ).toEqual([ROLE_GRANT_MESSAGES.ownRoles]);
  });

  it('lets one save one’s own record with the roles unchanged', () => {
    expect(
      roleChangeErrors({
        granter: admin,
        targetUserId: 1,
        before: ['access_admin'],
        after: ['access_admin'],
      }),
    ).toEqual([]);
  });

  it('refuses unknown roles by name, before anything else', () => {
    expect(grant(['root', 'primary_researcher'])).toEqual([ROLE_GRANT_MESSAGES.unknownRole('root')]);
  });
});

describe('who may act as whom', () => {
  const staff = (...roles: RoleKey[]) => ({ userId: 1, roles });

  it('lets an administrator act as a researcher, not as an access administrator (issue 29.2)', () => {
    expect(impersonationRefusalMessage(staff('portal_admin'), ['primary_researcher'])).toBeNull();
    expect(impersonationRefusalMessage(staff('portal_admin'), ['primary_researcher', 'access_admin'])).toBe(
      ROLE_GRANT_MESSAGES.impersonationAbove('access_admin'),
    );
  });

  it('asks the role that may impersonate, not another role the staff member holds', () => {
    expect(impersonationRefusalMessage(staff('access_admin'), ['primary_researcher'])).toBe(
      ROLE_GRANT_MESSAGES.impersonationAbove('primary_researcher'),
    );
    expect(impersonationRefusalMessage(staff('superuser', 'access_admin'), ['access_admin'])).toBeNull();
  });
});
