import { describe, expect, it, vi, afterEach } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ProjectDto } from '@rrp/domain';
import { ProjectActionMenu } from './project-actions';

const project: ProjectDto = {
  id: 7,
  portal_project_id: 'P00007',
  title: 'Sleep study',
  abstract: 'Abstract',
  non_autism_research: false,
  public_title: null,
  public_abstract: null,
  owner: { id: 3, display_name: 'Pat Investigator' },
  institution: null,
  latest_irb: null,
  irb_state: 'none',
  irb_renewal_date: null,
  is_editable: true,
  display_name: 'Sleep study',
  creator: null,
  created: '2026-01-01T00:00:00Z',
  modified: '2026-01-01T00:00:00Z',
  permissions: ['read', 'update', 'delete'],
  team_permissions: ['read', 'update'],
};

function renderMenu(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/project/7']}>
          <ModalsProvider>
            <Routes>
              <Route
                path="/project/7"
                element={
                  <ProjectActionMenu
                    project={project}
                    canEdit
                    canDelete
                    canAudit
                    onEdit={() => undefined}
                    onAudit={() => undefined}
                  />
                }
              />
              <Route path="/" element={<p>Home screen</p>} />
            </Routes>
          </ModalsProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

async function deleteThroughMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Project' }));
  const confirm = await screen.findByRole('dialog', {
    name: 'Are you sure you want to delete this project?',
  });
  expect(
    within(confirm).getByText('This project will go away as a result of this action.'),
  ).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Project' }));
}

const message =
  'The institution has users with approved, rejected or fullfilled requests and thus can not be deleted.';

describe('deleting a project', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the staff menu items', async () => {
    renderMenu(200, {});
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    for (const item of ['Edit Project', 'Create Resource Request', 'View Audit Trail', 'Delete Project'])
      expect(await screen.findByRole('menuitem', { name: item })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Create Resource Request' })).toHaveAttribute(
      'href',
      '/request/create?project=7#project_request_1',
    );
  });

  it('deletes after the confirmation, says so and goes home', async () => {
    const fetch = renderMenu(200, { status: true, msg: 'Project Deleted Successfully.', data: {} });
    await deleteThroughMenu();
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(screen.getByText('Project Deleted Successfully.')).toBeInTheDocument();
    expect(screen.getByText('Sleep study has been removed from the system.')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/project/7/');
    expect(init.method).toBe('DELETE');
  }, 20_000);

  it("lists the blocking requests under 'Unable to Delete Project'", async () => {
    renderMenu(400, {
      status: false,
      non_field_errors: [message],
      data: {
        non_field_errors: [message],
        requests: [
          {
            id: 11,
            portal_request_id: 'R00011',
            status: 4,
            status_name: 'Approved',
            owner: { id: 3, display_name: 'Pat Investigator' },
          },
        ],
      },
    });
    await deleteThroughMenu();
    const modal = await screen.findByRole('dialog', { name: 'Unable to Delete Project' });
    expect(within(modal).getByText(message)).toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: 'R00011' })).toHaveAttribute('href', '/request/11');
    expect(within(modal).getByText(/Pat Investigator \(Approved\)/)).toBeInTheDocument();
  }, 20_000);

  it("says 'Project could not be deleted.' with the server's errors otherwise", async () => {
    renderMenu(400, { status: false, non_field_errors: ['The project is locked.'], data: { requests: [] } });
    await deleteThroughMenu();
    const modal = await screen.findByRole('dialog', { name: 'Project could not be deleted.' });
    expect(within(modal).getByText('The project is locked.')).toBeInTheDocument();
  }, 20_000);
});
