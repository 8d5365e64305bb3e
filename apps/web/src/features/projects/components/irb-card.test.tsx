import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ProjectDto } from '@rrp/domain';
import { IrbNotice, useExpiredIrbModal } from './irb-card';

const project = (over: Partial<ProjectDto>): ProjectDto => ({
  id: 7,
  portal_project_id: 'P00007',
  title: 'Sleep study',
  abstract: 'Abstract',
  non_autism_research: false,
  public_title: null,
  public_abstract: null,
  owner: { id: 3, display_name: 'Pat Investigator' },
  institution: null,
  latest_irb: {
    id: 9,
    name: 'irb.pdf',
    designation: 1,
    approval_date: '2025-01-02',
    renewal_date: '2026-01-02',
    assurance_number: null,
    created: '2025-01-02T00:00:00Z',
  },
  irb_state: 'valid',
  irb_renewal_date: '2026-01-02',
  is_editable: true,
  display_name: 'Sleep study',
  creator: null,
  created: '2025-01-02T00:00:00Z',
  modified: '2025-01-02T00:00:00Z',
  permissions: ['read', 'update'],
  team_permissions: ['read', 'update'],
  ...over,
});

function ExpiredPage({ value, canUpdate }: { value: ProjectDto; canUpdate: boolean }) {
  useExpiredIrbModal(value, canUpdate);
  return <IrbNotice project={value} />;
}

function renderPage(value: ProjectDto, canUpdate = true) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <ModalsProvider>
          <ExpiredPage value={value} canUpdate={canUpdate} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('IRB expiry on the project page', () => {
  it('shows nothing for a valid or exempt IRB', () => {
    renderPage(project({ irb_state: 'valid' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reminds with the date when the IRB is near expiry', () => {
    renderPage(project({ irb_state: 'near_expiry' }));
    expect(screen.getByRole('alert')).toHaveTextContent('IRB renewal reminder');
    expect(screen.getByRole('alert')).toHaveTextContent('Jan 2, 2026');
  });

  it("alerts 'Your IRB has expired.' and asks to update it, with Update IRB or Dismiss", async () => {
    renderPage(project({ irb_state: 'expired' }));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Your IRB has expired.');
    const modal = await screen.findByRole('dialog', { name: 'The IRB on this project has expired.' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Update IRB' }));
    expect(await screen.findByRole('dialog', { name: 'Update IRB' })).toBeInTheDocument();
  }, 20_000);

  it('does not ask people who cannot update the project', () => {
    renderPage(project({ irb_state: 'expired' }), false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
