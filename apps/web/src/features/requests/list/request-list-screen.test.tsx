import { describe, expect, it, vi, afterEach } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestDto } from '@rrp/domain';
import RequestListScreen from './request-list-screen';
import { renderInApp, stubFetch } from '@/test/render-in-app';

const session = vi.hoisted(() => ({
  activeRole: 'primary_researcher' as string,
  user: { id: 1, suspended_request: null as number | null },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const row = (over: Partial<RequestDto>): RequestDto =>
  ({
    id: 4,
    portal_request_id: 'R00004',
    display_name: 'SPARK Phenotype',
    type: 1,
    type_name: 'Dataset',
    status: 6,
    status_name: 'Revisions Requested',
    project: 2,
    owner: { id: 1, display_name: 'Pat Investigator' },
    creator: null,
    institution: { id: 1, name: 'Demo University' },
    cohorts: [{ id: 2, name: 'SPARK' }],
    submission_date: '2026-11-02T10:00:00Z',
    decision_date: null,
    expiration_date: null,
    access_control_list: [],
    expected_decision: null,
    latest_renewal: null,
    datasets: [],
    sample_type: null,
    additional_data: {},
    permissions: ['read'],
    ...over,
  }) as RequestDto;

function renderList(role: string, results: RequestDto[], suspended: number | null = null) {
  session.activeRole = role;
  session.user.suspended_request = suspended;
  const fetch = stubFetch((url) =>
    url.includes('/user/')
      ? { count: 1, results: [{ id: 21, display_name: 'Paula Reviewer', email: 'paula@example.test' }] }
      : url.includes('cohort/')
        ? {
            count: 2,
            results: [
              { id: 2, name: 'SPARK' },
              { id: 3, name: 'SSC' },
            ],
          }
        : { count: results.length, results },
  );
  renderInApp(<RequestListScreen />, { modals: true });
  return fetch;
}

const requestCalls = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname.endsWith('/request/'));

describe('request list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives a PI New Request and no search box, ten a page, newest submission first', async () => {
    const fetch = renderList('primary_researcher', [row({})]);
    await waitFor(() => expect(requestCalls(fetch)).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'New Request' })).toHaveAttribute('href', '/request/create');
    expect(screen.getByRole('link', { name: 'Start a Research Match application' })).toHaveAttribute(
      'href',
      '/research-match/create',
    );
    expect(screen.queryByRole('textbox', { name: 'Search requests' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
    const query = requestCalls(fetch)[0]!.searchParams;
    expect(query.get('ordering')).toBe('-submission_date');
    expect(query.get('limit')).toBe('10');
    expect(query.get('expand')).toBe('datasets,owner,institution');
  });

  it("disables New Request with 'Suspended Request prevents this action.' for a suspended PI", async () => {
    renderList('primary_researcher', [row({})], 9);
    const button = screen.getByRole('button', { name: 'New Request' });
    expect(button).toHaveAttribute('data-disabled');
    await userEvent.hover(button);
    expect(await screen.findByText('Suspended Request prevents this action.')).toBeInTheDocument();
  });

  it('gives staff the search box (2+ characters) and the cohort filter', async () => {
    const fetch = renderList('portal_reviewer', [row({ status: 2, status_name: 'Submitted' })]);
    const search = screen.getByRole('textbox', { name: 'Search requests' });
    expect(search).toHaveAttribute('placeholder', 'Search for requests...');
    expect(screen.getByRole('button', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Request' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start a Research Match application' })).toBeNull();
    await userEvent.type(search, 'Sp');
    await waitFor(() =>
      expect(requestCalls(fetch).some((url) => url.searchParams.get('search') === 'Sp')).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show/Hide Filters' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Cohort' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SSC' }));
    await waitFor(() =>
      expect(requestCalls(fetch).some((url) => url.searchParams.get('cohort') === '3')).toBe(true),
    );
  });

  it('gives staff the reviewer and review quarter filters (quarters from 2018-Q4 to current - 1)', async () => {
    const fetch = renderList('portal_admin', [row({})]);
    await screen.findByText('R00004');
    await userEvent.click(screen.getByRole('button', { name: 'Show/Hide Filters' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Reviewer' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Paula Reviewer' }));
    await waitFor(() => expect(requestCalls(fetch).at(-1)!.searchParams.get('reviews__user')).toBe('21'));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Review quarter' }));
    const options = await screen.findAllByRole('option');
    expect(options.at(-1)).toHaveTextContent('Q4 2018 (October – December)');
    await userEvent.click(options.at(-1)!);
    await waitFor(() =>
      expect(requestCalls(fetch).at(-1)!.searchParams.get('review_quarter')).toBe('2018-Q4'),
    );
  });

  it('gives a PI neither the reviewer nor the quarter filter', async () => {
    renderList('primary_researcher', [row({})]);
    await screen.findByText('R00004');
    await userEvent.click(screen.getByRole('button', { name: 'Show/Hide Filters' }));
    expect(screen.queryByRole('combobox', { name: 'Reviewer' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Review quarter' })).toBeNull();
  });

  it("says 'No results matching search.' with a link to create one", async () => {
    renderList('portal_admin', []);
    const link = await screen.findByRole('link', { name: 'Create a new request' });
    expect(link).toHaveAttribute('href', '/request/create');
    expect(link.parentElement).toHaveTextContent('No results matching search.');
  });
});
