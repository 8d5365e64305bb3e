import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RENEWAL_MESSAGES } from '@rrp/domain';
import { FORM_DOCUMENTS } from '@rrp/domain/forms/definitions';
import RenewalScreen, { renewalBlocker } from './renewal-screen';

const session = vi.hoisted(() => ({ user: { id: 1 }, activeRole: 'primary_researcher' }));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const DAY = 86_400_000;

beforeAll(() => {
  // jsdom has no font loading; Mantine's autosizing textareas listen to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});
const form = FORM_DOCUMENTS.find((document) => (document as { id: string }).id === 'resource_impact');
const request = (overrides: object = {}) => ({
  id: 5,
  portal_request_id: 'R00005',
  display_name: 'SSC Phenotype',
  type: 1,
  status: 7,
  owner: { id: 1, display_name: 'Pat' },
  expiration_date: new Date(Date.now() + 20 * DAY).toISOString(),
  sample_type: null,
  project: { id: 2, latest_irb: null },
  ...overrides,
});

function renderScreen(detail: object, renewals: object[] = [], entry = '/request/5/renewal') {
  const posted: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.startsWith('/forms/resource_impact.json')) return json(form);
    if (url.includes('/api/request/5/')) return json(detail);
    if (url.includes('/api/renewal/') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      return json(
        {
          id: 9,
          request: 5,
          status: 2,
          status_name: 'Submitted',
          additional_data: body.additional_data,
          expiration_before: '2026-12-01T00:00:00.000Z',
          expiration_after: '2029-11-30T00:00:00.000Z',
        },
        201,
      );
    }
    if (url.includes('/api/renewal/9/') && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body));
      posted.push({ patch: body });
      return json({ ...renewals[0], status: 2, additional_data: body.additional_data });
    }
    if (url.includes('/api/renewal/9/')) return json(renewals[0]);
    if (url.includes('/api/renewal/')) return json({ count: renewals.length, results: renewals });
    return json({ detail: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="/request/:objectId/renewal" element={<RenewalScreen />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return posted;
}

describe('RenewalScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes from the procedural notes to the form and files it, ending on the thank-you page', async () => {
    const user = userEvent.setup();
    const posted = renderScreen(request());
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(crumbs).findByRole('link', { name: 'R00005' })).toHaveAttribute('href', '/request/5');
    expect(within(crumbs).getByRole('link', { name: 'Request' })).toHaveAttribute('href', '/request');
    await user.click(await screen.findByRole('button', { name: 'Continue to Application' }));

    await user.click(await screen.findByRole('button', { name: 'Submit Renewal' }));
    expect(await screen.findByText(RENEWAL_MESSAGES.formErrors)).toBeInTheDocument();
    expect(screen.getAllByText('Required field').length).toBeGreaterThan(0);
    expect(posted).toHaveLength(0);

    const renew = screen.getByRole('radiogroup', { name: /renew access/ });
    await user.click(within(renew).getByRole('radio', { name: 'Yes' }));
    const publication = screen.getByRole('radiogroup', { name: /been published/ });
    await user.click(within(publication).getByRole('radio', { name: 'No publication expected' }));
    const generated = screen.getByRole('radiogroup', { name: /generate new data/ });
    await user.click(within(generated).getByRole('radio', { name: 'No' }));
    await user.type(screen.getByRole('textbox', { name: /contribute to your research/ }), 'A replication.');
    expect(screen.queryByRole('radiogroup', { name: /biospecimens been destroyed/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Submit Renewal' }));
    expect(await screen.findByText(RENEWAL_MESSAGES.usagePolicy)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /data usage policy/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Renewal' }));

    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(posted).toEqual([
      {
        request: 5,
        type: 1,
        agreed_to_usage_policy: true,
        additional_data: {
          renew: true,
          publication_status: 3,
          generated_check: false,
          impact: 'A replication.',
        },
      },
    ]);
    expect(screen.getByText(/now lasts until Nov 30, 2029/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Request' })).toHaveAttribute('href', '/request/5');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('asks a biospecimen request that is not renewed about its biospecimens', async () => {
    const user = userEvent.setup();
    renderScreen(request({ type: 2, sample_type: { id: 3, name: 'Plasma', type: 'plasma' } }));
    await user.click(await screen.findByRole('button', { name: 'Continue to Application' }));
    const renew = await screen.findByRole('radiogroup', { name: /renew access/ });
    await user.click(within(renew).getByRole('radio', { name: 'No' }));
    expect(screen.getByRole('radiogroup', { name: /biospecimens been destroyed/ })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: /modify the iPSC lines/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /data usage policy/ })).toBeNull();
  });

  it('lets the owner edit a returned renewal: the form starts with its answers and saves with PATCH', async () => {
    const user = userEvent.setup();
    const renewal = {
      id: 9,
      request: 5,
      type: 1,
      status: 6,
      status_name: 'Revisions Requested',
      agreed_to_usage_policy: false,
      additional_data: { renew: false, publication_status: 3, generated_check: false, impact: 'Short.' },
      expiration_before: '2026-12-01T00:00:00.000Z',
      expiration_after: null,
    };
    const posted = renderScreen(request(), [renewal], '/request/5/renewal?renewal=9');
    const impact = await screen.findByRole('textbox', { name: /contribute to your research/ });
    expect(impact).toHaveValue('Short.');
    expect(screen.queryByRole('button', { name: 'Continue to Application' })).toBeNull();
    await user.clear(impact);
    await user.type(impact, 'A longer account.');
    await user.click(screen.getByRole('button', { name: 'Submit Renewal' }));
    expect(await screen.findByText(/has been updated/)).toBeInTheDocument();
    expect(posted).toEqual([
      {
        patch: {
          agreed_to_usage_policy: false,
          additional_data: {
            renew: false,
            publication_status: 3,
            generated_check: false,
            impact: 'A longer account.',
          },
        },
      },
    ]);
  });

  it('explains why a request cannot be renewed instead of showing the form', async () => {
    renderScreen(request({ expiration_date: '2030-01-15T00:00:00Z' }));
    expect(await screen.findByText(RENEWAL_MESSAGES.notYet('Jan 15, 2030'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to Application' })).toBeNull();
  });
});

describe('renewalBlocker', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const base = { type: 1, status: 7, expiration_date: '2026-07-01T00:00:00Z' };
  it('follows the server rules', () => {
    expect(renewalBlocker(base, [], now)).toBeNull();
    expect(renewalBlocker({ ...base, type: 4 }, [], now)).toBe(RENEWAL_MESSAGES.researchMatch);
    expect(renewalBlocker({ ...base, status: 2 }, [], now)).toBe(RENEWAL_MESSAGES.notRenewable);
    expect(renewalBlocker({ ...base, expiration_date: null }, [], now)).toBe(RENEWAL_MESSAGES.noExpiration);
    expect(renewalBlocker(base, [{ status: 2 }], now)).toBe(RENEWAL_MESSAGES.openRenewal);
    expect(renewalBlocker(base, [{ status: 4 }], now)).toBeNull();
  });
});
