import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { RoleKey } from '@rrp/domain';
import { ResourceRequestCentre } from './resource-request-centre';
import { listQueries } from '@/test/list-queries';

const request = {
  id: 7,
  portal_request_id: 'R00007',
  display_name: 'SPARK Phenotype',
  type: 1,
  type_name: 'Dataset',
  status: 2,
  status_name: 'Submitted',
  project: {
    id: 3,
    title: 'Sleep and autism',
    abstract: 'We study sleep.',
    portal_project_id: 'P00003',
    non_autism_research: false,
    latest_irb: {
      id: 55,
      name: 'irb.pdf',
      designation: 1,
      approval_date: '2026-01-01',
      renewal_date: '2027-01-01',
      assurance_number: null,
      created: '2026-01-01T00:00:00Z',
    },
  },
  owner: { id: 2, display_name: 'Pat Investigator' },
  institution: { id: 1, name: 'Demo University' },
  submission_date: '2026-11-02T10:00:00Z',
  review_users: [],
  permissions: ['read'],
};

function renderCentre(role: RoleKey) {
  const fetch = vi.fn(async (url: string) => {
    const { pathname } = new URL(String(url), 'http://x');
    if (pathname === '/api/file/55/') {
      return new Response(JSON.stringify({ id: 55, name: 'irb.pdf', signed_url: 'http://x/irb.pdf' }));
    }
    return new Response(JSON.stringify({ count: 1, results: [request] }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ResourceRequestCentre role={role} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

describe('ResourceRequestCentre (staff §2.1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts on statuses [1,2,5] for administrators and [1,2,3] for reviewers', async () => {
    const admin = renderCentre('portal_admin');
    await screen.findByText('R00007');
    expect(listQueries(admin)[0]!.get('status__in')).toBe('1,2,5');
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const reviewer = renderCentre('portal_reviewer');
    await screen.findByText('R00007');
    expect(listQueries(reviewer)[0]!.get('status__in')).toBe('1,2,3');
  });

  it('filters assigned and unassigned requests and links to every request', async () => {
    const fetch = renderCentre('portal_admin');
    await screen.findByText('R00007');
    expect(listQueries(fetch)[0]!.has('assigned')).toBe(false);
    await userEvent.click(screen.getByRole('radio', { name: 'Unassigned' }));
    await waitFor(() => expect(listQueries(fetch).at(-1)!.get('assigned')).toBe('false'));
    await userEvent.click(screen.getByRole('radio', { name: 'Assigned' }));
    await waitFor(() => expect(listQueries(fetch).at(-1)!.get('assigned')).toBe('true'));
    expect(screen.getByRole('link', { name: 'View All Requests' })).toHaveAttribute('href', '/request');
  });

  // Opening it with Enter is covered by the browser journey (e2e/tests/request-staff.spec.ts).
  it('offers a labelled details toggle for keyboard users', async () => {
    renderCentre('portal_admin');
    const toggle = await screen.findByRole('button', { name: 'Show details of R00007' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('expands a row to the title, abstract, institution and IRB, with View IRB', async () => {
    const fetch = renderCentre('portal_admin');
    await userEvent.click(await screen.findByRole('row', { name: /SPARK Phenotype/ }));
    expect(await screen.findByText('We study sleep.')).toBeInTheDocument();
    expect(screen.getByText('Sleep and autism')).toBeInTheDocument();
    expect(screen.getByText(/Approved · approved/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'View IRB' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/file/55/'))).toBe(true),
    );
  });
});
