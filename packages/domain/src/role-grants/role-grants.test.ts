import { describe, expect, it } from 'vitest';
import { ROLE_KEYS, type RoleKey } from '../constants/roles';
import { ROLE_GRANT_MESSAGES, exclusivePairs, grantableRoles, roleChangeErrors } from './index';

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

  it.each(['portal_admin', 'access_admin'] as const)('lets %s grant every role but superuser', (role) => {
    const granter = { userId: 1, role };
    expect(grantableRoles(granter)).toEqual(ROLE_KEYS.filter((key) => key !== 'superuser'));
    expect(grant(['portal_reviewer', 'access_admin'], granter)).toEqual([]);
    expect(grant(['superuser'], granter)).toEqual([ROLE_GRANT_MESSAGES.notGrantable('superuser')]);
  });

  it('keeps a superuser role from being taken away by anyone but a superuser', () => {
    const change = { targetUserId: 10, before: ['superuser', 'portal_admin'], after: ['portal_admin'] };
    expect(roleChangeErrors({ ...change, granter: admin })).toEqual([
      ROLE_GRANT_MESSAGES.notGrantable('superuser'),
    ]);
    expect(roleChangeErrors({ ...change, granter: superuser })).toEqual([]);
  });

  it('lets an admin save a superuser’s other roles without touching superuser', () => {
    expect(
      roleChangeErrors({
        granter: admin,
        targetUserId: 10,
        before: ['superuser'],
        after: ['superuser', 'portal_reviewer'],
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
