import { describe, expect, it, vi, afterEach } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import RequestDetailScreen from './request-detail-screen';

const session = vi.hoisted(() => ({
  activeRole: 'primary_researcher' as string,
  user: { id: 1, roles: ['primary_researcher'] as string[], suspended_request: null as number | null },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const request = (over: object) => ({
  id: 4,
  portal_request_id: 'R00004',
  display_name: 'Plasma',
  type: 2,
  type_name: 'Biospecimen',
  status: 2,
  status_name: 'Submitted',
  project: { id: 2, title: 'Sleep', abstract: 'About sleep.', portal_project_id: 'P00002', latest_irb: null },
  owner: { id: 1, display_name: 'Pat Investigator' },
  creator: null,
  institution: { id: 1, name: 'Demo University' },
  cohorts: [],
  submission_date: '2026-11-02T10:00:00Z',
  decision_date: null,
  expiration_date: null,
  access_control_list: [],
  expected_decision: null,
  latest_renewal: null,
  datasets: [],
  sample_type: { id: 3, name: 'Plasma', type: 'plasma' },
  additional_data: { samples: { '11000-p1': 1 }, usage: 'Proteomics' },
  is_editable: false,
  permissions: ['read', 'update', 'delete'],
  ...over,
});

function renderDetail(role: string, body: object | null, institutionStatus = 3) {
  session.activeRole = role;
  session.user.roles = [role];
  const fetch = vi.fn(async (url: string) => {
    const path = new URL(String(url), 'http://x').pathname;
    const json = path.startsWith('/api/request/')
      ? body
      : path.startsWith('/api/institution/')
        ? { id: 1, name: 'Demo University', status: institutionStatus, rda_status: 3 }
        : path.startsWith('/api/validateSamples/')
          ? {
              results: [
                {
                  id: '11000-p1',
                  availability: 'Available',
                  amount_available: 250,
                  unit: 'µl',
                  ipsc_consented: false,
                  request_count: 1,
                  approved_count: 0,
                },
              ],
            }
          : { count: 0, results: [] };
    // `null`: the server does not show this request to the caller.
    if (json === null) return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
    return new Response(JSON.stringify(json), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/request/4']}>
          <ModalsProvider>
            <Routes>
              <Route path="/request/:objectId" element={<RequestDetailScreen />} />
            </Routes>
          </ModalsProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

describe('request detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the owner in Revisions Requested the wizard edit link and walks the tabs with Continue', async () => {
    renderDetail(
      'primary_researcher',
      request({ status: 6, status_name: 'Revisions Requested', is_editable: true }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Plasma' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Request' })).toHaveAttribute(
      'href',
      '/request/create?request=4',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'PI and Project',
      'Request Details',
      'Research Team',
      'Data Sharing Policy',
      'Renewal Info',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Request Details' }));
    expect(await screen.findByText('11000-p1')).toBeInTheDocument();
    expect(screen.getByText('Proteomics')).toBeInTheDocument();
  });

  it('tells the applicant when a decision is expected, and how that is reckoned', async () => {
    const basis =
      'Of the 24 Biospecimen applications decided in the last 12 months, 8 in 10 were decided within 12 days of submission.';
    renderDetail('primary_researcher', request({ expected_decision: { date: '2026-11-14', basis } }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Request Details' }));
    expect(await screen.findByText('Expected decision')).toBeInTheDocument();
    expect(screen.getByText('Nov 14, 2026')).toBeInTheDocument();
    expect(screen.getByText(basis)).toBeInTheDocument();
  });

  it('offers the owner of a draft to continue it', async () => {
    renderDetail('primary_researcher', request({ status: 1, status_name: 'Created' }));
    expect(await screen.findByRole('link', { name: 'Continue Request' })).toHaveAttribute(
      'href',
      '/request/create?request=4',
    );
    expect(screen.getByText(/This request is a draft: it has not been submitted\./)).toBeInTheDocument();
  });

  it("says 'You do not have access to this request' where the server hides it", async () => {
    renderDetail('portal_reviewer', null);
    expect(await screen.findByText('You do not have access to this request')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('has no edit link while the request is Submitted', async () => {
    renderDetail('primary_researcher', request({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plasma' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Request' })).toBeNull();
  });

  it("says 'Access to this request has been suspended.' on a suspended request", async () => {
    renderDetail('primary_researcher', request({ status: 14, status_name: 'Suspended' }));
    expect(await screen.findByText(/Access to this request has been suspended\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'request renewal' })).toHaveAttribute(
      'href',
      '/request/4/renewal',
    );
  });

  it('tells a researcher suspended over this request why', async () => {
    session.user.suspended_request = 4;
    renderDetail('primary_researcher', request({ status: 14, status_name: 'Suspended' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^SuspendedAccess to this request has been suspended\. Your access has been suspended due to non-compliance with this request\./,
    );
    session.user.suspended_request = null;
  });

  it('shows admins the Availability tab and the unconfirmed-institution banner', async () => {
    renderDetail('portal_admin', request({ owner: { id: 8, display_name: 'Someone Else' } }), 2);
    expect(
      await screen.findByText('This request is from a researcher at an unconfirmed institution.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Availability' }));
    expect(await screen.findByText('Available')).toBeInTheDocument();
    expect(screen.getByText('250 µl')).toBeInTheDocument();
  });

  it('keeps the banner from researchers', async () => {
    renderDetail('primary_researcher', request({}), 2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Plasma' })).toBeInTheDocument();
    expect(screen.queryByText('This request is from a researcher at an unconfirmed institution.')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Availability' })).toBeNull();
  });
});
