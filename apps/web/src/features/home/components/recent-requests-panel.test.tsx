import { describe, expect, it, vi, afterEach } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HOME_REQUESTS_CAP, RecentRequestsPanel } from './recent-requests-panel';
import { renderWithList } from '@/test/render-in-app';

const session = vi.hoisted(() => ({ user: { id: 1, suspended_request: null as number | null } }));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const DAY = 86_400_000;
const base = {
  type: 1,
  type_name: 'Dataset',
  owner: { id: 1, display_name: 'Pat' },
  created: '2026-10-30T10:00:00Z',
  submission_date: '2026-11-02T10:00:00Z',
  expiration_date: null,
  project: { id: 2, latest_irb: { id: 9 } },
};

function renderPanel(results: object[], suspended: number | null = null) {
  session.user.suspended_request = suspended;
  return renderWithList(<RecentRequestsPanel />, results);
}

describe('RecentRequestsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each request with its notices and links it to its page', async () => {
    const fetch = renderPanel([
      {
        ...base,
        id: 4,
        portal_request_id: 'R00004',
        display_name: 'Suspended one',
        status: 14,
        status_name: 'Suspended',
      },
      {
        ...base,
        id: 5,
        portal_request_id: 'R00005',
        display_name: 'No IRB',
        status: 2,
        status_name: 'Submitted',
        project: { id: 3, latest_irb: null },
      },
      {
        ...base,
        id: 6,
        portal_request_id: 'R00006',
        display_name: 'Old',
        status: 7,
        status_name: 'Fulfilled',
        expiration_date: new Date(Date.now() - DAY).toISOString(),
      },
      {
        ...base,
        id: 7,
        portal_request_id: 'R00007',
        display_name: 'Current',
        status: 7,
        status_name: 'Fulfilled',
        expiration_date: new Date(Date.now() + 20 * DAY - 60_000).toISOString(),
      },
    ]);
    expect(await screen.findByRole('link', { name: 'Suspended one' })).toHaveAttribute('href', '/request/4');
    const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
    expect(within(rowOf('Suspended one')).getByText('Suspended. Action Nedeed')).toBeInTheDocument();
    expect(within(rowOf('No IRB')).getByText('IRB Required')).toBeInTheDocument();
    expect(within(rowOf('Old')).getByText('EXPIRED')).toBeInTheDocument();
    expect(within(rowOf('Current')).getByText('Expires in 20 days')).toBeInTheDocument();
    const [url] = fetch.mock.calls[0] as unknown as [string];
    const query = new URL(url, 'http://x').searchParams;
    expect(query.get('limit')).toBe(String(HOME_REQUESTS_CAP));
    // Newest first, by creation.
    expect(query.get('ordering')).toBe('-created,-id');
    // Dates in the app's one format (decision 125).
    expect(within(rowOf('Old')).getByText('Oct 30, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Request' })).toHaveAttribute('href', '/request/create');
    // A Research Match application has its own entry (foundation §2 /research-match/create).
    expect(screen.getByRole('link', { name: 'Start a Research Match application' })).toHaveAttribute(
      'href',
      '/research-match/create',
    );
  });

  it('disables New Request while a request is suspended, and says when there are none', async () => {
    renderPanel([], 4);
    expect(
      await screen.findByText('No open or previously approved Research Resource Portal resource requests.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Request' })).toHaveAttribute('data-disabled');
    expect(screen.queryByRole('link', { name: 'New Request' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start a Research Match application' })).toHaveAttribute(
      'data-disabled',
    );
  });
});
