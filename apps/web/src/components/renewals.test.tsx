import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { RequestDto } from '@rrp/domain';
import { FORM_DOCUMENTS } from '@rrp/domain/forms/definitions';
import { irbNotice, mayRenew, sunsetNotice } from '@/lib/renewals';
import { RenewalHistory, RequestExpiryNotices } from './renewals';

const session = vi.hoisted(() => ({
  user: { id: 1, roles: ['primary_researcher'] },
  activeRole: 'primary_researcher',
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const DAY = 86_400_000;
const form = FORM_DOCUMENTS.find((document) => (document as { id: string }).id === 'resource_impact');

const request = (overrides: Partial<RequestDto> = {}) =>
  ({
    id: 5,
    portal_request_id: 'R00005',
    type: 1,
    status: 7,
    owner: { id: 1, display_name: 'Pat' },
    expiration_date: new Date(Date.now() - 2 * DAY).toISOString(),
    project: { id: 2, latest_irb: { id: 3, designation: 1, renewal_date: '2020-01-10' } },
    ...overrides,
  }) as unknown as RequestDto;

const patched: unknown[] = [];

function renderWith(ui: React.ReactNode, renewals: object[]) {
  patched.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/forms/')) return new Response(JSON.stringify(form), { status: 200 });
      if (init?.method === 'PATCH') {
        patched.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ ...renewals[0], status: 4 }), { status: 200 });
      }
      return new Response(JSON.stringify({ count: renewals.length, results: renewals }), { status: 200 });
    }),
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('expiry notices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('words them as the spec does, only once the date has passed', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    expect(sunsetNotice('2026-02-10T00:00:00Z', now)).toBe('Your sunset date expired on Feb 10, 2026');
    expect(sunsetNotice('2026-04-10T00:00:00Z', now)).toBeNull();
    expect(irbNotice('2026-02-28', now)).toBe('Your IRB document expired on Feb 28, 2026');
    expect(irbNotice('2026-03-02', now)).toBeNull();
    expect(irbNotice(null, now)).toBeNull();
  });

  it('shows the owner both notices with Renew and Update IRB', async () => {
    renderWith(<RequestExpiryNotices request={request()} isOwner />, []);
    expect(await screen.findByText(/^Your sunset date expired on /)).toBeInTheDocument();
    expect(screen.getByText('Your IRB document expired on Jan 10, 2020')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/request/5/renewal');
    expect(screen.getByRole('link', { name: 'Update IRB' })).toHaveAttribute('href', '/project/2?mode=edit');
  });

  it('shows nothing to others, and no Renew while a renewal is open', async () => {
    renderWith(<RequestExpiryNotices request={request()} isOwner={false} />, []);
    expect(screen.queryByText(/^Your sunset date expired on /)).toBeNull();
    expect(mayRenew(request(), [{ status: 2 }])).toBe(false);
    expect(mayRenew(request(), [{ status: 4 }])).toBe(true);
    expect(mayRenew(request({ status: 2 }), [])).toBe(false);
  });
});

describe('RenewalHistory', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each renewal with its status, choice and answers by their labels', async () => {
    renderWith(<RenewalHistory request={request()} isOwner />, [
      {
        id: 9,
        request: 5,
        status: 2,
        status_name: 'Submitted',
        submission_date: '2026-11-20T10:00:00Z',
        additional_data: { impact: 'Useful.', renew: true, generated_check: false, publication_status: 3 },
        expiration_before: '2026-11-01T00:00:00.000Z',
        expiration_after: '2029-11-19T00:00:00.000Z',
      },
    ]);
    expect(
      await screen.findByText('Renewal choice: Yes — access extended to Nov 19, 2029.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Submitted')).toBeInTheDocument();
    expect(await screen.findByText('No publication expected')).toBeInTheDocument();
    const published = screen.getByText('Has work using these resources been published?');
    const impact = screen.getByText('How did these resources contribute to your research?');
    // Answers follow the form's order.
    expect(published.compareDocumentPosition(impact) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A renewal awaits review: no second one.
    expect(screen.queryByRole('link', { name: 'Renew' })).toBeNull();
  });

  it('shows a Research Match renewal as a new review, without its application reference', async () => {
    renderWith(<RenewalHistory request={request({ type: 4 })} isOwner />, [
      {
        id: 10,
        request: 5,
        type: 5,
        status: 2,
        status_name: 'Submitted',
        submission_date: '2026-11-20T10:00:00Z',
        additional_data: { rm_application: { id: 5 }, progress: 'Half enrolled.' },
        expiration_before: '2026-11-01T00:00:00.000Z',
        expiration_after: null,
      },
    ]);
    expect(
      await screen.findByText('Research Match renewal: the application is reviewed again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Half enrolled.')).toBeInTheDocument();
    expect(screen.queryByText(/rm application/i)).toBeNull();
    // Research Match renewals have their own form: no Renew here.
    expect(screen.queryByRole('link', { name: 'Renew' })).toBeNull();
  });

  it("lists a renewal's documents by name, not as ids (issue 30 item 4)", async () => {
    const rmForm = FORM_DOCUMENTS.find(
      (document) => (document as { id: string }).id === 'research_match_renewal',
    );
    const renewal = {
      id: 11,
      request: 5,
      type: 5,
      status: 2,
      status_name: 'Submitted',
      submission_date: '2026-11-20T10:00:00Z',
      additional_data: { rm_application: { id: 5 }, consent_form: 44 },
      expiration_before: '2026-11-01T00:00:00.000Z',
      expiration_after: null,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/forms/research_match_renewal')) return Response.json(rmForm);
        if (url.startsWith('/forms/')) return Response.json(form);
        if (url.includes('/api/file/'))
          return Response.json({
            count: 1,
            results: [{ id: 44, name: 'Consent 2027.pdf', file_type: 'application/pdf' }],
          });
        return Response.json({ count: 1, results: [renewal] });
      }),
    );
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <RenewalHistory request={request({ type: 4 })} isOwner />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(
      await screen.findByRole('button', { name: 'Consent 2027.pdf (opens in a new window)' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('44')).toBeNull();
  });

  it('shows nothing to roles without renewals (access admins) and does not ask for them', async () => {
    session.activeRole = 'access_admin';
    renderWith(<RenewalHistory request={request()} isOwner={false} />, []);
    expect(screen.queryByRole('heading', { name: 'Renewals' })).toBeNull();
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/api/renewal/'),
    );
    session.activeRole = 'primary_researcher';
  });

  it('lets admins set the status, and the owner edit a renewal still open to edits', async () => {
    const user = userEvent.setup();
    const renewal = {
      id: 9,
      request: 5,
      type: 1,
      status: 2,
      status_name: 'Submitted',
      submission_date: '2026-11-20T10:00:00Z',
      additional_data: { renew: false, publication_status: 3, generated_check: false, impact: 'Useful.' },
      expiration_before: '2026-11-01T00:00:00.000Z',
      expiration_after: null,
    };
    renderWith(<RenewalHistory request={request()} isOwner />, [renewal]);
    expect(await screen.findByRole('link', { name: 'Edit Renewal' })).toHaveAttribute(
      'href',
      '/request/5/renewal?renewal=9',
    );
    expect(screen.queryByRole('combobox', { name: 'Renewal status' })).toBeNull();
    cleanup();

    session.activeRole = 'portal_admin';
    renderWith(<RenewalHistory request={request()} isOwner={false} />, [renewal]);
    const select = await screen.findByRole('combobox', { name: 'Renewal status' });
    expect(screen.queryByRole('link', { name: 'Edit Renewal' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save Status' })).toBeDisabled();
    await user.selectOptions(select, 'Approved');
    await user.click(screen.getByRole('button', { name: 'Save Status' }));
    await waitFor(() => expect(patched).toEqual([{ url: '/api/renewal/9/', body: { status: 4 } }]));
    session.activeRole = 'primary_researcher';
  });

  it('offers the owner Renew when the window is open and nothing is filed', async () => {
    renderWith(<RenewalHistory request={request()} isOwner />, []);
    expect(await screen.findByText('No renewal has been filed for this request.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/request/5/renewal');
  });
});
