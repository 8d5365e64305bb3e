import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderInApp, stubFetch } from '@/test/render-in-app';
import { HOME_NOTICES_CAP, HomeExpiryNotices } from './expiry-notices';

const expiredRequest = (id: number) => ({
  id,
  portal_request_id: `R${String(id).padStart(5, '0')}`,
  expiration_date: `2020-01-${String(id).padStart(2, '0')}T00:00:00Z`,
});
const project = (id: number, irb: string | null) => ({
  id,
  portal_project_id: `P${String(id).padStart(5, '0')}`,
  irb_renewal_date: irb,
});

function answer(requests: object[], projects: object[]) {
  return stubFetch((url) => {
    const rows = url.includes('/request/') ? requests : projects;
    return { count: rows.length, results: rows };
  });
}

describe('the home expiry notices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('read only the first expired requests and IRBs, one more than they show', async () => {
    const fetch = answer([expiredRequest(1)], [project(7, '2020-02-01'), project(8, '2099-01-01')]);
    renderInApp(<HomeExpiryNotices userId={31} />);
    expect(await screen.findByText(/^: Your sunset date expired on Jan 1, 2020/)).toBeInTheDocument();
    expect(screen.getByText(': Your IRB document expired on Feb 1, 2020')).toBeInTheDocument();
    expect(screen.queryByText('P00008')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the Project Updates Dashboard' })).toHaveAttribute(
      'href',
      '/compliance_researcher',
    );
    const urls = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://app.invalid'));
    const requests = urls.find((url) => url.pathname.endsWith('/request/'))!;
    expect(requests.searchParams.get('owner')).toBe('31');
    expect(requests.searchParams.get('expiration_date__lte')).toBe(new Date().toISOString().slice(0, 10));
    expect(requests.searchParams.get('limit')).toBe(String(HOME_NOTICES_CAP + 1));
    const projects = urls.find((url) => url.pathname.endsWith('/project/'))!;
    expect(projects.searchParams.get('ordering')).toBe('irb_renewal_date');
    expect(projects.searchParams.get('limit')).toBe(String(HOME_NOTICES_CAP + 1));
  });

  it('name the first few and send the reader to the dashboard for the rest', async () => {
    const requests = Array.from({ length: HOME_NOTICES_CAP + 1 }, (_, index) => expiredRequest(index + 1));
    answer(requests, []);
    renderInApp(<HomeExpiryNotices userId={31} />);
    expect(
      await screen.findByRole('link', { name: 'See all of them on the Project Updates Dashboard' }),
    ).toHaveAttribute('href', '/compliance_researcher');
    expect(screen.getAllByText(/^: Your sunset date expired on /)).toHaveLength(HOME_NOTICES_CAP);
    expect(screen.queryByText(`R0000${HOME_NOTICES_CAP + 1}`)).toBeNull();
  });

  it('show nothing when nothing has expired', async () => {
    const fetch = answer([], [project(8, '2099-01-01')]);
    const { container } = renderInApp(<HomeExpiryNotices userId={31} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });
});
