import { describe, expect, it } from 'vitest';
import { ROLE_KEYS, type RoleKey } from '../constants/roles';
import { can } from '../permissions';

describe('who may open the form tester', () => {
  it('is staff who shape or review requests, not researchers, officials or visitors', () => {
    const allowed = ROLE_KEYS.filter((role: RoleKey) =>
      can({ userId: 1, role, roles: [role] }, 'read', 'FormTester'),
    );
    expect(allowed.sort()).toEqual(['portal_admin', 'portal_admin_lead', 'portal_reviewer', 'superuser']);
    expect(can(null, 'read', 'FormTester')).toBe(false);
  });
});
