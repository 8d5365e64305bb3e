import { describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '../constants/roles';
import { can, type Actor } from '../permissions';

const actor = (role: Actor['role']): Actor => ({ userId: 1, role, roles: role ? [role] : [] });

describe('compliance and e-mail permissions', () => {
  it('shows the compliance page to administrators and the staff who oversee institutions', () => {
    const readers = ROLE_KEYS.filter((role) => can(actor(role), 'list', 'Compliance'));
    expect(readers.sort()).toEqual(
      [
        'access_admin',
        'internal_read_only',
        'portal_admin',
        'portal_admin_lead',
        'portal_reviewer',
        'superuser',
      ].sort(),
    );
    expect(can(null, 'list', 'Compliance')).toBe(false);
  });

  it('lets only portal administrators send e-mail and acknowledge', () => {
    for (const role of ROLE_KEYS) {
      const admin = role === 'portal_admin';
      expect(can(actor(role), 'create', 'Email'), role).toBe(admin);
      expect(can(actor(role), 'review', 'Institution'), role).toBe(admin);
    }
  });

  it('shows the e-mail log, and sending again from it, to portal administrators and superusers (decision 153)', () => {
    for (const role of ROLE_KEYS) {
      const mayRead = role === 'portal_admin' || role === 'superuser';
      expect(can(actor(role), 'list', 'EmailLog'), role).toBe(mayRead);
      expect(can(actor(role), 'create', 'EmailLog'), role).toBe(mayRead);
    }
  });
});
