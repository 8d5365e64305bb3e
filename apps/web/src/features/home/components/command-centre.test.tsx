import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { RoleKey } from '@rrp/domain';
import { CommandCentre } from './command-centre';

const institution = {
  id: 12,
  name: 'Harbor University',
  status: 2,
  status_name: 'Institution Under Review',
  current_io: null,
  current_rda: 40,
  rda_status: 1,
  created: '2026-01-02T03:04:05.000Z',
};

function renderCentre(role: RoleKey) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify({ count: 1, results: [institution] }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Routes>
            <Route path="/" element={<CommandCentre role={role} />} />
            <Route path="/institution/:id" element={<p>Institution page</p>} />
            <Route path="/resource-request" element={<p>Resource requests page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

const queryOf = (fetch: ReturnType<typeof vi.fn>, call = 0) =>
  new URL((fetch.mock.calls[call] as unknown as [string])[0], 'http://x').searchParams;

describe('CommandCentre (staff §2.1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('filters institutions by [1,2,5] for administrators, and rows open the institution', async () => {
    const fetch = renderCentre('portal_admin');
    await userEvent.click(await screen.findByRole('row', { name: /Harbor University/ }));
    expect(queryOf(fetch).get('status__in')).toBe('1,2,5');
    expect(await screen.findByText('Institution page')).toBeInTheDocument();
  });

  it('filters institutions by [1,2,3] for reviewers', async () => {
    const fetch = renderCentre('portal_reviewer');
    await screen.findByText('Harbor University');
    expect(queryOf(fetch).get('status__in')).toBe('1,2,3');
  });

  // Opening an RDA row is covered by the browser journey (e2e/tests/institution-admin.spec.ts).
  it('lists RDAs by their status, starting on Signature Needed and Awaiting Execution', async () => {
    const fetch = renderCentre('portal_admin');
    await userEvent.click(screen.getByRole('tab', { name: 'RDAs' }));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(1));
    const rdaCall = fetch.mock.calls.findIndex((_, index) => queryOf(fetch, index).has('rda_status__in'));
    expect(queryOf(fetch, rdaCall).get('rda_status__in')).toBe('1,2');
  });

  it('sends the Resource Requests tab to its own screen', async () => {
    renderCentre('portal_admin');
    await userEvent.click(screen.getByRole('tab', { name: 'Resource Requests' }));
    expect(await screen.findByText('Resource requests page')).toBeInTheDocument();
  });

  it('offers the five tabs of staff §2.1, Research Match and Autism BrainNet leading to their screens', async () => {
    renderCentre('portal_admin');
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'Institutions',
      'RDAs',
      'Resource Requests',
      'Research Match',
      'Autism BrainNet',
    ]);
  });
});
