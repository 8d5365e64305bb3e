import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { REQUEST_STAFF_MESSAGES } from '@rrp/domain';
import { StaffPanel } from './staff-panel';
import type { RequestView } from '../api/requests';

const session = vi.hoisted(() => ({
  activeRole: 'portal_admin' as string,
  user: { id: 1, roles: ['portal_admin'] as string[] },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const request = (over: Partial<RequestView> = {}) =>
  ({
    id: 4,
    portal_request_id: 'R00004',
    status: 3,
    status_name: 'Under Review',
    reviewers_locked: false,
    review_users: [
      {
        id: 21,
        display_name: 'Paula Reviewer',
        email: 'paula@example.test',
        assigned: '2026-01-01T00:00:00Z',
      },
      { id: 22, display_name: 'Ivan Internal', email: 'ivan@example.test', assigned: '2026-01-01T00:00:00Z' },
    ],
    zendesk_ticket_ids: ['1001'],
    permissions: ['read'],
    ...over,
  }) as unknown as RequestView;

type Answer = { status?: number; json: unknown };

function renderPanel(
  role: string,
  body: RequestView,
  answers: { zendesk?: Answer; comments?: Answer; reviewUsers?: Answer[] } = {},
) {
  session.activeRole = role;
  session.user.roles = [role];
  const reviewUsers = [...(answers.reviewUsers ?? [])];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(String(url), 'http://x');
    let answer: Answer = { json: { count: 0, results: [] } };
    if (pathname.startsWith('/api/zendesk_ticket/')) answer = answers.zendesk ?? { json: {} };
    else if (pathname.endsWith('/comments/') && init?.method === 'POST')
      answer = {
        status: 201,
        json: {
          id: 9,
          request: 4,
          text: 'New note',
          author: { id: 1, display_name: 'Ann Admin' },
          created: '2026-01-02T00:00:00Z',
        },
      };
    else if (pathname.endsWith('/comments/'))
      answer = answers.comments ?? { json: { count: 0, results: [] } };
    else if (pathname.endsWith('/review_users/'))
      answer = reviewUsers.shift() ?? { json: { review_users: [], reviewers_locked: false } };
    else if (pathname === '/api/user/')
      answer = {
        json: {
          count: 1,
          results: [
            {
              id: 23,
              display_name: 'Eve External',
              email: 'eve@example.test',
              first_name: 'Eve',
              last_name: 'External',
            },
          ],
        },
      };
    return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <StaffPanel request={body} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

const calls = (fetch: ReturnType<typeof vi.fn>, suffix: string) =>
  fetch.mock.calls.filter(([url]) => new URL(String(url), 'http://x').pathname.endsWith(suffix));

describe('StaffPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the Zendesk conversation of the saved tickets', async () => {
    renderPanel('portal_admin', request(), {
      zendesk: {
        json: {
          '1001': {
            id: '1001',
            subject: 'Question about my dataset request',
            status: 'open',
            comments: [
              {
                id: 1,
                author: 'Rita Researcher',
                body: 'When will it be reviewed?',
                public: true,
                created_at: '2026-01-05T14:02:00Z',
              },
            ],
          },
        },
      },
    });
    expect(await screen.findByText('When will it be reviewed?')).toBeInTheDocument();
    expect(screen.getByText('#1001 Question about my dataset request')).toBeInTheDocument();
  });

  it("says when none of the ids has a conversation, and when Zendesk can't be reached", async () => {
    renderPanel('portal_admin', request(), { zendesk: { json: {} } });
    expect(await screen.findByText(REQUEST_STAFF_MESSAGES.noConversations)).toBeInTheDocument();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    renderPanel('portal_admin', request(), { zendesk: { status: 503, json: { detail: 'down' } } });
    expect(await screen.findByText(REQUEST_STAFF_MESSAGES.fetchFailed)).toBeInTheDocument();
  });

  it('asks before removing a reviewer of a request under review, then saves with confirm', async () => {
    const fetch = renderPanel('portal_admin', request(), {
      reviewUsers: [{ json: { review_users: [], reviewers_locked: false } }],
    });
    await screen.findByText('Paula Reviewer (paula@example.test)');
    // Remove Paula Reviewer's pill.
    const pill = screen
      .getByText('Paula Reviewer (paula@example.test)')
      .closest('.mantine-Pill-root') as HTMLElement;
    await userEvent.click(within(pill).getByRole('button', { hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Reviewers' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Paula Reviewer')).toBeInTheDocument();
    expect(calls(fetch, '/review_users/')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Reviewers' }));
    await waitFor(() => expect(calls(fetch, '/review_users/')).toHaveLength(1));
    const [, init] = calls(fetch, '/review_users/')[0]!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ users: [22], confirm: true });
  });

  it('lists comments and adds one; a blank comment is refused', async () => {
    const fetch = renderPanel('portal_admin', request({ zendesk_ticket_ids: [] }), {
      comments: {
        json: {
          count: 1,
          results: [
            {
              id: 3,
              request: 4,
              text: 'Waiting for the IRB.',
              author: { id: 1, display_name: 'Ann Admin' },
              created: '2026-01-01T00:00:00Z',
            },
          ],
        },
      },
    });
    expect(await screen.findByText('Waiting for the IRB.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(await screen.findByText(REQUEST_STAFF_MESSAGES.commentBlank)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'New comment' }), 'New note');
    await userEvent.click(screen.getByRole('button', { name: 'Add Comment' }));
    await waitFor(() =>
      expect(
        calls(fetch, '/comments/').some(([, init]) => (init as RequestInit | undefined)?.method === 'POST'),
      ).toBe(true),
    );
  });

  it('shows a reviewer the assigned reviewers read-only, without comments or tickets', async () => {
    renderPanel('portal_reviewer', request({ zendesk_ticket_ids: undefined }));
    expect(await screen.findByRole('list', { name: 'Assigned reviewers' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Comments' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Zendesk Tickets' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Reviewers' })).toBeNull();
  });

  it('shows nothing to a researcher', () => {
    renderPanel('primary_researcher', request({ review_users: undefined, zendesk_ticket_ids: undefined }));
    expect(screen.queryByRole('heading', { name: 'Staff Panel' })).toBeNull();
  });
});
