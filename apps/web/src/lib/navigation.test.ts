import { describe, expect, it } from 'vitest';
import { mayAttempt, ROLE_KEYS } from '@rrp/domain';
import { hasScreen, navigationFor, VIEW_MENU, viewMenuFor } from './navigation';

const labels = (role: Parameters<typeof viewMenuFor>[0]) => viewMenuFor(role).map((item) => item.label);
const approved = { abn_approved: true };

describe('the View menu', () => {
  it('offers an administrator every built screen the permission table opens to them, in the spec order', () => {
    const admin = { userId: 0, role: 'portal_admin' as const, roles: ['portal_admin' as const] };
    expect(labels('portal_admin')).toEqual(
      VIEW_MENU.filter(
        (item) =>
          hasScreen(item.to) && (!item.needs || mayAttempt(admin, item.needs.action, item.needs.subject)),
      ).map((item) => item.label),
    );
    expect(labels('portal_admin')).toContain('Institutions');
    expect(labels('portal_admin')).toContain('Email Log');
  });

  it('offers release notes to staff and the toggles to superusers only', () => {
    expect(labels('superuser')).toEqual(
      expect.arrayContaining(['Release Notes', 'Email Log', 'Feature Toggles']),
    );
    expect(labels('portal_admin')).not.toContain('Feature Toggles');
    expect(labels('internal_read_only')).toContain('Release Notes');
    expect(labels('internal_read_only')).not.toContain('Email Log');
  });

  it('hides screens whose grants the role lacks', () => {
    // A signing official who is also a researcher sees no other institutions' compliance.
    expect(labels('pi_sbso')).not.toContain('Compliance');
    expect(labels('portal_reviewer')).not.toContain('Restricted Resources');
    expect(labels(null)).not.toContain('Compliance');
    // Superusers list no requests (staff §6; decision 332): the item would open a refused list.
    expect(labels('superuser')).not.toContain('Resource Requests');
    expect(labels('portal_admin')).toContain('Resource Requests');
    expect(labels('portal_reviewer')).toContain('Resource Requests');
  });
});

describe('navigation by role', () => {
  it('gives researchers the dataset catalogue beside their projects and requests', () => {
    expect(
      navigationFor('primary_researcher', { abn_approved: false }).links.map((link) => link.label),
    ).toEqual(['Project Updates Dashboard', 'Projects', 'Requests', 'Datasets']);
  });

  it('offers Insights in the View menu, or as a link to the roles without one that may read it', () => {
    expect(labels('portal_admin')).toContain('Insights');
    for (const role of ['abn_proj_mgr', 'rm_admin', 'portal_admin_lead'] as const) {
      expect(
        navigationFor(role, approved).links.map((link) => link.label),
        role,
      ).toContain('Insights');
    }
    for (const role of ['portal_reviewer', 'superuser', 'internal_read_only'] as const) {
      expect(labels(role), role).not.toContain('Insights');
    }
    expect(navigationFor('primary_researcher', approved).links.map((link) => link.label)).not.toContain(
      'Insights',
    );
  });

  it('offers Reviewer Workload to the staff who assign reviewers, and hides it from everyone else', () => {
    expect(labels('portal_admin')).toContain('Reviewer Workload');
    expect(labels('superuser')).toContain('Reviewer Workload');
    for (const role of ['abn_proj_mgr', 'rm_admin'] as const) {
      expect(
        navigationFor(role, approved).links.map((link) => link.label),
        role,
      ).toContain('Reviewer Workload');
    }
    for (const role of ['portal_reviewer', 'internal_read_only', 'access_admin', 'pi_sbso'] as const) {
      expect(labels(role), role).not.toContain('Reviewer Workload');
    }
    for (const role of ['portal_admin_lead', 'primary_researcher', 'sbso', 'abn_reviewer'] as const) {
      expect(
        navigationFor(role, approved).links.map((link) => link.label),
        role,
      ).not.toContain('Reviewer Workload');
    }
  });

  it('offers the Tissue Catalog to researchers once ABN data access is approved, to project managers always', () => {
    expect(navigationFor('primary_researcher', approved).links.map((link) => link.label)).toContain(
      'Tissue Catalog',
    );
    expect(
      navigationFor('primary_researcher', { abn_approved: false }).links.map((l) => l.label),
    ).not.toContain('Tissue Catalog');
    expect(navigationFor('abn_proj_mgr', { abn_approved: false }).links.map((link) => link.label)).toEqual([
      'Projects',
      'Requests',
      'Tissue Catalog',
      'Autism BrainNet',
      'Insights',
      'Reviewer Workload',
    ]);
    expect(labels('portal_admin')).toContain('Tissue Catalogue');
    expect(labels('portal_reviewer')).not.toContain('Tissue Catalogue');
  });

  it('never offers a screen that is not built yet (a planned route answers the 404 page)', () => {
    expect(hasScreen('/project')).toBe(true);
    // Every route of foundation §2 is built now, /research-match/create the last (issue 30).
    expect(hasScreen('/research-match/create')).toBe(true);
    expect(hasScreen('/research-match/nothing-here')).toBe(false);
    for (const role of [...ROLE_KEYS, null]) {
      const navigation = navigationFor(role, approved);
      for (const link of [...navigation.links, ...viewMenuFor(role)]) {
        expect(hasScreen(link.to), `${role}: ${link.label}`).toBe(true);
      }
    }
  });
});
