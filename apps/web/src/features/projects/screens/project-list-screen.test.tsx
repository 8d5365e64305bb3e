import { describe, expect, it, vi, afterEach } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ProjectDto } from '@rrp/domain';
import ProjectListScreen, { irbExpiration } from './project-list-screen';
import { renderWithList } from '@/test/render-in-app';

const session = vi.hoisted(() => ({ activeRole: 'primary_researcher' as string }));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const project = (over: Partial<ProjectDto>): ProjectDto => ({
  id: 1,
  portal_project_id: 'P00001',
  title: 'Sleep study',
  abstract: 'About sleep.',
  non_autism_research: false,
  public_title: null,
  public_abstract: null,
  owner: { id: 3, display_name: 'Pat Investigator' },
  institution: null,
  latest_irb: 9,
  irb_state: 'valid',
  irb_renewal_date: '2027-03-04',
  is_editable: true,
  display_name: 'Sleep study',
  creator: null,
  created: '2026-01-01T00:00:00Z',
  modified: '2026-01-01T00:00:00Z',
  permissions: ['read'],
  team_permissions: ['read'],
  ...over,
});

function renderList(role: string, results: ProjectDto[]) {
  session.activeRole = role;
  return renderWithList(<ProjectListScreen />, results, { modals: true });
}

describe('project list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the renewal date, or 'Exempt'", () => {
    expect(irbExpiration(project({}))).toBe('Mar 4, 2027');
    expect(irbExpiration(project({ irb_state: 'exempt', irb_renewal_date: null }))).toBe('Exempt');
    expect(irbExpiration(project({ latest_irb: null, irb_state: 'none', irb_renewal_date: null }))).toBe('—');
  });

  it('gives a PI New Project and no search box, sorted by title', async () => {
    const fetch = renderList('primary_researcher', [project({})]);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/project/create');
    expect(screen.queryByRole('textbox', { name: 'Search projects' })).toBeNull();
    // The row opens from the keyboard through a link, as request rows do.
    expect(await screen.findByRole('link', { name: 'P00001' })).toHaveAttribute('href', '/project/1');
    const [url] = fetch.mock.calls[0] as unknown as [string];
    expect(new URL(url, 'http://x').searchParams.get('ordering')).toBe('title');
  });

  it('gives admins the search box and the menu instead of New Project', async () => {
    renderList('portal_admin', [project({})]);
    expect(screen.getByRole('textbox', { name: 'Search projects' })).toHaveAttribute(
      'placeholder',
      'Search for projects...',
    );
    expect(screen.getByRole('button', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Project' })).toBeNull();
  });

  it("says 'No results matching search.' with a link to create one", async () => {
    renderList('portal_reviewer', []);
    const link = await screen.findByRole('link', { name: 'Create a new project' });
    expect(link).toHaveAttribute('href', '/project/create');
    expect(link.parentElement).toHaveTextContent('No results matching search.');
  });
});
