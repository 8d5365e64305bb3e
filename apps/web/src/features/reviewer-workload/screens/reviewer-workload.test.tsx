import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ReviewerWorkloadDetail } from '@rrp/domain';
import { stubFetch } from '@/test/render-in-app';
import ReviewerWorkloadScreen from './reviewer-workload-screen';
import ReviewerWorkloadDetailScreen from './reviewer-workload-detail-screen';

const session = vi.hoisted(() => ({
  activeRole: 'rm_admin' as string,
  user: { id: 1, roles: ['rm_admin'] as string[] },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const PAULA: ReviewerWorkloadDetail = {
  id: 21,
  display_name: 'Paula Reviewer',
  email: 'paula@example.test',
  groups: ['internal_reviewer'],
  open_reviews: 2,
  due_soon: 1,
  overdue: 1,
  median_days_to_complete: 12,
  completed_last_year: 5,
  reviews: [
    {
      request: { id: 40, display_name: 'RM-40 Sleep routines', type: 4 },
      role: 'Primary',
      due_date: '2026-01-05',
      state: 'overdue',
    },
    {
      request: { id: 41, display_name: 'RM-41 Caregiver stress', type: 4 },
      role: 'Other',
      due_date: null,
      state: 'open',
    },
  ],
};
const { reviews: _reviews, ...ROW } = PAULA;

function renderAt(path: string, role = 'rm_admin') {
  session.activeRole = role;
  session.user.roles = [role];
  const fetch = stubFetch((url) =>
    url.includes('/reviewer-workload/21/') ? PAULA : { count: 1, results: [ROW] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/reviewer-workload" element={<ReviewerWorkloadScreen />} />
            <Route path="/reviewer-workload/:objectId" element={<ReviewerWorkloadDetailScreen />} />
            <Route path="/404" element={<p>Not found</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

const workloadQueries = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname === '/api/reviewer-workload/')
    .map((url) => url.searchParams);

afterEach(() => vi.unstubAllGlobals());

describe('the reviewer workload (issue 33)', () => {
  it('lists reviewers most overdue first, a page of 10, each linking to the reviewer’s open reviews', async () => {
    const fetch = renderAt('/reviewer-workload');
    expect(await screen.findByRole('link', { name: 'Paula Reviewer' })).toHaveAttribute(
      'href',
      '/reviewer-workload/21',
    );
    expect(workloadQueries(fetch)[0]!.get('ordering')).toBe('-overdue');
    expect(workloadQueries(fetch)[0]!.get('limit')).toBe('10');

    await userEvent.click(screen.getByRole('textbox', { name: 'Search' }));
    await userEvent.paste('paula');
    await waitFor(() => expect(workloadQueries(fetch).at(-1)!.get('search')).toBe('paula'));
  });

  it("shows a reviewer's open reviews, each linking to its request", async () => {
    renderAt('/reviewer-workload/21');
    const reviews = await screen.findByRole('table', { name: 'Open reviews' });
    expect(within(reviews).getByRole('link', { name: 'RM-40 Sleep routines' })).toHaveAttribute(
      'href',
      '/request/40',
    );
    expect(within(reviews).getByRole('row', { name: /RM-40/ })).toHaveTextContent(
      'PrimaryJan 5, 2026Overdue',
    );
    expect(within(reviews).getByRole('row', { name: /RM-41/ })).toHaveTextContent('OtherNo due dateOpen');
    expect(screen.getByText(/5 completed in the last 12 months/)).toBeVisible();
  });

  it('sends a role without the grant to the not-found page, asking nothing', async () => {
    const fetch = renderAt('/reviewer-workload', 'portal_reviewer');
    expect(await screen.findByText('Not found')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });
});
