import { describe, expect, it } from 'vitest';
import { ROLE_KEYS, type RoleKey } from '../constants/roles';
import { can } from './can';
import { ROLE_GRANTS, grantableBy, mayAdministerAccount, roleAboveGranter } from './grants';
import { PERMISSIONS, type Grant, type Policy } from './table';

type Right = { subject: string; action: string; grant: Grant };

const rightsOf = (policy: Policy): Right[] =>
  Object.entries(policy).flatMap(([subject, actions]) =>
    Object.entries(actions ?? {}).map(([action, grant]) => ({ subject, action, grant: grant as Grant })),
  );

const table = PERMISSIONS as unknown as Record<string, Policy>;
const grantOf = (role: string, { subject, action }: Right) =>
  (table[role] as Record<string, Record<string, Grant> | undefined>)[subject]?.[action] ??
  (table.signedIn as Record<string, Record<string, Grant> | undefined>)[subject]?.[action];

/**
 * The rights a role would lend a granter's grantee: unconditional rights the granter lacks that a
 * self-registered Primary Researcher does not hold either. Conditional rights act only on what
 * the holder is tied to (its own institution, assignments, projects) and lend nothing.
 */
function lent(granter: RoleKey, role: RoleKey): string[] {
  return rightsOf(table[role]!)
    .filter((right) => right.grant === true)
    .filter((right) => grantOf(granter, right) !== true)
    .filter((right) => grantOf('primary_researcher', right) !== true)
    .map((right) => `${right.subject}.${right.action}`);
}

const granters = ROLE_KEYS.filter((role) => role !== 'superuser');

describe('the grant matrix', () => {
  it('lets a superuser grant every role', () => {
    expect(grantableBy('superuser')).toEqual([...ROLE_KEYS]);
  });

  it.each(granters)('lets %s grant exactly the roles that lend it no right', (granter) => {
    const administersUsers = can({ userId: 1, role: granter, roles: [granter] }, 'update', 'User');
    const derived = administersUsers ? ROLE_KEYS.filter((role) => lent(granter, role).length === 0) : [];
    expect(grantableBy(granter)).toEqual(derived);
  });

  it('keeps portal_admin from granting the lead, access administrator and superuser roles (issue 29.2)', () => {
    for (const role of ['portal_admin_lead', 'access_admin', 'superuser'] as const) {
      expect(ROLE_GRANTS.portal_admin).not.toContain(role);
    }
    expect(lent('portal_admin', 'access_admin')).toEqual(['DatasetAccess.create', 'DatasetAccess.update']);
  });

  it('gives roles without the admin user form nothing to grant', () => {
    for (const role of ['portal_admin_lead', 'rm_admin', 'abn_proj_mgr', 'sbso'] as const) {
      expect(grantableBy(role)).toEqual([]);
    }
    expect(grantableBy(null)).toEqual([]);
  });
});

describe('who administers an account', () => {
  it('needs every role the account holds to be grantable', () => {
    expect(mayAdministerAccount('portal_admin', ['primary_researcher'])).toBe(true);
    expect(mayAdministerAccount('portal_admin', ['portal_admin', 'superuser'])).toBe(false);
    expect(roleAboveGranter('portal_admin', ['portal_admin', 'superuser'])).toBe('superuser');
    expect(mayAdministerAccount('portal_admin', ['portal_admin_lead'])).toBe(false);
    expect(mayAdministerAccount('access_admin', ['portal_admin'])).toBe(false);
    expect(mayAdministerAccount('superuser', ['superuser', 'portal_admin_lead'])).toBe(true);
  });

  it('leaves an account with an unknown group to a superuser', () => {
    expect(mayAdministerAccount('portal_admin', ['legacy_group'])).toBe(false);
    expect(mayAdministerAccount('superuser', ['legacy_group'])).toBe(true);
  });

  it('lets any granter administer an account without roles', () => {
    expect(mayAdministerAccount('access_admin', [])).toBe(true);
  });
});
