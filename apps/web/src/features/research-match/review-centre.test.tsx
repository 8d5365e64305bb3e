import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ADMIN_REVIEW_TABS, REVIEWER_REVIEW_TABS, type ReviewCentreDto } from '@rrp/domain';
import ReviewCentreScreen from './review-centre-screen';

const session = vi.hoisted(() => ({
  activeRole: 'portal_admin' as string,
  user: { id: 1, roles: ['portal_admin'] as string[] },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const row = (id: number, myReview?: object) => ({
  id,
  portal_request_id: `RM00${id}`,
  display_name: 'Research Match',
  type: 4,
  status: 3,
  status_name: 'Under Review',
  owner: { id: 9, display_name: 'Rosa Recontact' },
  institution: { id: 1, name: 'Demo University' },
  submission_date: '2026-01-05T00:00:00Z',
  latest_renewal: null,
  cohorts: [],
  datasets: [],
  ...(myReview ? { my_review: myReview } : {}),
});

function renderCentre(role: string, centre: ReviewCentreDto, rows: object[], tab = 'review') {
  session.activeRole = role;
  session.user.roles = [role];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(String(url), 'http://x');
    let json: unknown = { count: rows.length, results: rows };
    if (pathname === '/api/research-match/review-centre/') json = centre;
    if (pathname === '/api/research-match/review-meeting/' && init?.method === 'POST')
      json = {
        moved: [12],
        title: 'Appliation Moved Successfully',
        detail: 'The application has been moved to the review meeting.',
      };
    return new Response(JSON.stringify(json), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <MemoryRouter initialEntries={[`/research-match-review?tab=${tab}`]}>
            <Routes>
              <Route path="/research-match-review" element={<ReviewCentreScreen />} />
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

const centre = (scope: 'all' | 'own', counts: number[]): ReviewCentreDto => ({
  scope,
  tabs: (scope === 'all' ? ADMIN_REVIEW_TABS : REVIEWER_REVIEW_TABS).map((tab, index) => ({
    ...tab,
    statuses: [...tab.statuses],
    count: counts[index] ?? 0,
  })),
  can_start_review: scope === 'all',
  can_move_to_meeting: scope === 'all',
  can_dispatch_report: scope === 'all',
});

describe('the review centre (staff §2.3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives administrators the cycle's tabs with counts, Begin Review and the move to the meeting", async () => {
    const fetch = renderCentre('portal_admin', centre('all', [2, 1, 0, 0, 3]), [row(12)]);
    expect(await screen.findByRole('tab', { name: /New Applications/ })).toHaveTextContent('2');
    expect(screen.getByRole('tab', { name: /Follow-up/ })).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Begin Review' })).toHaveAttribute(
      'href',
      '/research-match-review/start-review',
    );
    const move = screen.getByRole('button', { name: 'Close and Move to Review Meeting' });
    expect(move).toBeDisabled();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select RM0012' }));
    expect(move).toBeEnabled();
    await userEvent.click(move);
    const dialog = await screen.findByRole('dialog', { name: 'Appliation Moved Successfully' });
    expect(
      within(dialog).getByText('The application has been moved to the review meeting.'),
    ).toBeInTheDocument();
    const posted = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posted![1]!.body))).toEqual({ requests: [12] });
  });

  it('gives reviewers the filters of their own assignments, and no administration', async () => {
    renderCentre('internal_reviewer', centre('own', [1, 0, 0]), [
      row(12, { reviewer_role_name: 'Primary Reviewer', progress: 'In Progress', conflict_exists: false }),
    ]);
    expect(await screen.findByRole('tab', { name: /Under Review/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Revisions Requested/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Begin Review' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Close and Move to Review Meeting' }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('checkbox')).not.toBeInTheDocument());
  });

  it.each([
    ['meeting', '/request/12/review-meeting'],
    ['new', '/request/12'],
  ])('on the %s tab, links each application’s ID where its row opens: %s', async (tab, href) => {
    // mantine-datatable shows a column while its media query (none: '') matches; the test setup's
    // matchMedia matches nothing.
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '' });
    onTestFinished(() => {
      window.matchMedia = matchMedia;
    });
    renderCentre('portal_admin', centre('all', [1, 0, 1, 0, 0]), [row(12)], tab);
    expect(await screen.findByRole('link', { name: 'RM0012' })).toHaveAttribute('href', href);
  });
});
