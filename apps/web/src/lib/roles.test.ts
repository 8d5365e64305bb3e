import { describe, expect, it } from 'vitest';
import { needsPrimaryRole, resolveActiveRole } from './roles';

describe('active role (foundation §4)', () => {
  const user = { roles: ['portal_admin', 'superuser'] as const, primary_role: 'portal_admin' as const };

  it('takes the remembered role when the user holds it', () => {
    expect(resolveActiveRole({ ...user, roles: [...user.roles] }, 'superuser')).toBe('superuser');
  });

  it('discards a remembered role the user does not hold, falling back to the primary role', () => {
    expect(resolveActiveRole({ ...user, roles: [...user.roles] }, 'sbso')).toBe('portal_admin');
    expect(resolveActiveRole({ ...user, roles: [...user.roles] }, 'not-a-role')).toBe('portal_admin');
  });

  it('uses the only role when there is no primary role', () => {
    expect(resolveActiveRole({ roles: ['sbso'], primary_role: null }, null)).toBe('sbso');
  });

  it('has no role for a multi-role user without a primary role, who must choose one', () => {
    const undecided = { roles: ['portal_admin' as const, 'superuser' as const], primary_role: null };
    expect(resolveActiveRole(undecided, null)).toBeNull();
    expect(needsPrimaryRole(undecided)).toBe(true);
    expect(needsPrimaryRole({ roles: ['sbso'], primary_role: null })).toBe(false);
  });
});
