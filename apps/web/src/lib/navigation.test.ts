import { describe, expect, it } from 'vitest';
import { VIEW_MENU, viewMenuFor } from './navigation';

const labels = (role: Parameters<typeof viewMenuFor>[0]) => viewMenuFor(role).map((item) => item.label);

describe('the View menu', () => {
  it('offers an administrator every screen the permission table opens to them', () => {
    expect(labels('portal_admin')).toEqual(VIEW_MENU.map((item) => item.label));
  });

  it('hides screens whose grants the role lacks', () => {
    // A signing official who is also a researcher sees no other institutions' compliance.
    expect(labels('pi_sbso')).not.toContain('Compliance');
    expect(labels('portal_reviewer')).not.toContain('Restricted Resources');
    expect(labels(null)).not.toContain('Compliance');
  });
});
