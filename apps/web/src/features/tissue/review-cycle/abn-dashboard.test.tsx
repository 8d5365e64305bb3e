import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ABN_DASHBOARD_TABS, type AbnDashboardDto } from '@rrp/domain';
import AbnDashboardScreen from './abn-dashboard-screen';
import { listQueries } from '@/test/list-queries';

const session = vi.hoisted(() => ({
  activeRole: 'abn_proj_mgr' as string,
  user: { id: 1, roles: ['abn_proj_mgr'] as string[] },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const row = (id: number, type: number, status: number) => ({
  id,
  portal_request_id: `ABN00${id}`,
  display_name: 'Tissue Request',
  type,
  status,
  status_name: 'Under Review',
  owner: { id: 9, display_name: 'Tess Tissue' },
  institution: { id: 1, name: 'Demo University' },
  submission_date: '2026-01-05T00:00:00Z',
  latest_renewal: null,
  cohorts: [],
  datasets: [],
});

const counts: AbnDashboardDto = {
  tabs: ABN_DASHBOARD_TABS.map((tab, index) => ({ key: tab.key, label: tab.label, count: index + 1 })),
};

function renderDashboard(role: string, tab: string, rows: object[]) {
  session.activeRole = role;
  session.user.roles = [role];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(String(url), 'http://x');
    let json: unknown = { count: rows.length, results: rows };
    if (pathname === '/api/abn_dashboard/') json = counts;
    if (pathname === '/api/abn_tissue/close-review/' && init?.method === 'POST')
      json = {
        msg: 'Appliation(s) Moved Successfully',
        detail: 'The application has been moved to Make Decision.',
        moved: [],
      };
    return new Response(JSON.stringify(json), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <MemoryRouter initialEntries={[`/abn-dashboard?tab=${tab}`]}>
            <Routes>
              <Route path="/abn-dashboard" element={<AbnDashboardScreen />} />
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

describe('the ABN dashboard (staff §2.7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the seven tabs with their counts, Begin Review, and closes review in bulk', async () => {
    const fetch = renderDashboard('abn_proj_mgr', 'review', [row(12, 8, 3)]);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Autism BrainNet Data Requests1',
      'Pilot Applications2',
      'New3',
      'Under Review4',
      'Make Decision5',
      'Pending Team6',
      'Awaiting Fulfillment7',
    ]);
    expect(screen.getByRole('link', { name: 'Begin Review' })).toHaveAttribute(
      'href',
      '/abn_tissue/start-review',
    );
    await waitFor(() => expect(listQueries(fetch).length).toBeGreaterThan(0));
    expect(listQueries(fetch)[0]!.get('type__in')).toBe('8');
    expect(listQueries(fetch)[0]!.get('status__in')).toBe('3');
    const close = screen.getByRole('button', { name: 'Close Review and Move to Make Decision' });
    expect(close).toBeDisabled();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select ABN0012' }));
    await userEvent.click(close);
    const dialog = await screen.findByRole('dialog', { name: 'Appliation(s) Moved Successfully' });
    expect(within(dialog).getByText('The application has been moved to Make Decision.')).toBeInTheDocument();
    const posted = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posted![1]!.body))).toEqual({ requests: [12] });
  });

  it('filters the data and pilot tabs by one status', async () => {
    const fetch = renderDashboard('portal_admin', 'data', [row(3, 6, 2)]);
    await waitFor(() => expect(listQueries(fetch).length).toBeGreaterThan(0));
    expect(listQueries(fetch)[0]!.get('type__in')).toBe('6');
    expect(listQueries(fetch)[0]!.get('status__in')).toBe('2,3,6,12,4,7');
    const filter = screen.getByRole('navigation', { name: 'Filter by status' });
    await userEvent.click(within(filter).getByRole('button', { name: 'Revisions Requested' }));
    await waitFor(() => expect(listQueries(fetch).at(-1)!.get('status__in')).toBe('6'));
  });

  it('gives reviewers their own lists without the cycle actions', async () => {
    renderDashboard('abn_reviewer', 'review', [row(12, 8, 3)]);
    expect(await screen.findByRole('tab', { name: /Under Review/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Begin Review' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Close Review and Move to Make Decision' }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('checkbox')).not.toBeInTheDocument());
  });
});
