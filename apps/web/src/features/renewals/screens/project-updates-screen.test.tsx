import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import ProjectUpdatesScreen, {
  NO_EXPIRING_IRBS,
  NO_EXPIRING_REQUESTS,
  irbExpiryText,
} from './project-updates-screen';

const session = vi.hoisted(() => ({
  user: { id: 1, roles: ['primary_researcher'] },
  activeRole: 'primary_researcher',
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString();
const request = (id: number, expiration: string) => ({
  id,
  portal_request_id: `R0000${id}`,
  display_name: `Request ${id}`,
  type: 1,
  status: 7,
  status_name: 'Fulfilled',
  expiration_date: expiration,
});
const project = (id: number, renewal: string | null) => ({
  id,
  title: `Project ${id}`,
  portal_project_id: `P0000${id}`,
  irb_renewal_date: renewal,
});

function renderScreen(data: { requests: object[]; renewals: object[]; projects: object[] }) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      const page = (results: object[]) =>
        new Response(JSON.stringify({ count: results.length, results }), { status: 200 });
      if (url.includes('/api/request/')) return page(data.requests);
      if (url.includes('/api/renewal/')) return page(data.renewals);
      return page(data.projects);
    }),
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/compliance_researcher']}>
          <Routes>
            <Route path="/compliance_researcher" element={<ProjectUpdatesScreen />} />
            <Route path="/404" element={<p>Not found page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return urls;
}

describe('ProjectUpdatesScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists expiring and expired requests with Renew, and IRBs expiring within 60 days with Update IRB', async () => {
    const urls = renderScreen({
      requests: [request(1, day(-3)), request(2, day(40)), request(3, day(90))],
      renewals: [{ id: 8, request: 3, status: 2 }],
      projects: [project(4, day(20).slice(0, 10)), project(5, day(200).slice(0, 10)), project(6, null)],
    });
    const requests = await screen.findByRole('table', { name: 'Requests expiring in the next six months' });
    const rows = within(requests).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('EXPIRED')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Renew R00001' })).toHaveAttribute(
      'href',
      '/request/1/renewal',
    );
    expect(within(rows[1]!).getByText('Expires in 40 days')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Renewal submitted')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('link', { name: /Renew/ })).toBeNull();

    const irbs = screen.getByRole('table', { name: 'IRBs expiring in the next 60 days' });
    const irbRows = within(irbs).getAllByRole('row').slice(1);
    expect(irbRows).toHaveLength(1);
    expect(within(irbRows[0]!).getByRole('link', { name: 'Update IRB of P00004' })).toHaveAttribute(
      'href',
      '/project/4?mode=edit',
    );
    const requestCall = urls.find((url) => url.includes('/api/request/'))!;
    expect(requestCall).toContain('owner=1');
    expect(requestCall).toContain('status__in=4%2C7');
    expect(requestCall).toMatch(/expiration_date__lte=\d{4}-\d{2}-\d{2}/);
  });

  it('says so when nothing expires', async () => {
    renderScreen({ requests: [], renewals: [], projects: [project(5, day(200).slice(0, 10))] });
    expect(await screen.findByText(NO_EXPIRING_REQUESTS)).toBeInTheDocument();
    expect(screen.getByText(NO_EXPIRING_IRBS)).toBeInTheDocument();
  });
});

describe('ProjectUpdatesScreen for other roles', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.activeRole = 'primary_researcher';
  });

  it('sends roles that do not renew requests to /404 without asking the server', async () => {
    session.activeRole = 'sbso';
    const urls = renderScreen({ requests: [], renewals: [], projects: [] });
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    expect(urls).toEqual([]);
  });
});

describe('irbExpiryText', () => {
  it('counts whole days to the renewal date and says EXPIRED once it has come', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(irbExpiryText('2026-01-01', now)).toBe('EXPIRED');
    expect(irbExpiryText('2026-01-02', now)).toBe('Expires in 1 day');
    expect(irbExpiryText('2026-02-01', now)).toBe('Expires in 31 days');
  });
});
