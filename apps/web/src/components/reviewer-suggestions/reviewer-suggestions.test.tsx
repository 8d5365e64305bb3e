import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { REVIEWER_ASSISTANT_MESSAGES, type ReviewerSuggestion } from '@rrp/domain';
import { ReviewerSuggestions } from './reviewer-suggestions';

const suggestion = (
  id: number,
  name: string,
  over: Partial<ReviewerSuggestion> = {},
): ReviewerSuggestion => ({
  user: { id, display_name: name, email: `${id}@example.test`, institution: { id: 3, name: 'Lakeshore' } },
  groups: ['portal_reviewer'],
  open_reviews: 2,
  due_soon: 1,
  overdue: 0,
  median_days_to_complete: 4.5,
  completed_last_year: 6,
  conflicts: [],
  ...over,
});

const FREE = suggestion(31, 'Fran Free');
const FLAGGED = suggestion(32, 'Flo Flagged', {
  overdue: 3,
  median_days_to_complete: null,
  conflicts: [
    { kind: 'institution', reason: "Works at Hillcrest, the applicant's institution." },
    { kind: 'declared', reason: 'Declared a conflict with this applicant on request RM-7.' },
  ],
});

type Answer = { status?: number; json: unknown };

/** Renders the assistant for request 4 with reviewer 21 assigned; `puts` answer the assignments in turn. */
function renderAssistant(results: ReviewerSuggestion[], puts: Answer[] = []) {
  const answers = [...puts];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(String(url), 'http://x');
    let answer: Answer = { json: {} };
    if (pathname === '/api/request/4/reviewer-suggestions/')
      answer = { json: { request: 4, reviewer_groups: ['portal_reviewer'], results } };
    else if (pathname === '/api/request/4/review_users/' && init?.method === 'PUT')
      answer = answers.shift() ?? { json: { review_users: [], reviewers_locked: false } };
    return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReviewerSuggestions request={{ id: 4, label: 'R00004' }} assigned={[21]} headingId="suggestions" />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

const puts = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
const suggestionReads = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes('/reviewer-suggestions/')).length;

afterEach(() => vi.unstubAllGlobals());

describe('the reviewer assignment assistant (issue 33)', () => {
  it('lists each suggestion with its load and its conflicts in words, in the order the server ranked them', async () => {
    const fetch = renderAssistant([FREE, FLAGGED]);
    const list = await screen.findByRole('list', { name: 'Suggested reviewers' });
    const items = [...list.children] as HTMLElement[];
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Fran Free');
    expect(items[1]).toHaveTextContent('Flo Flagged');
    expect(items[0]).toHaveTextContent('Open:2');
    expect(items[0]).toHaveTextContent('Due soon:1');
    expect(items[0]).toHaveTextContent('Median time to complete:4.5 days');
    expect(items[0]).toHaveTextContent('Lakeshore');
    expect(within(items[0]!).queryByRole('list', { name: 'Possible conflicts' })).toBeNull();
    expect(items[1]).toHaveTextContent('Overdue:3');
    expect(items[1]).toHaveTextContent('Median time to complete:—');
    const conflicts = within(items[1]!).getByRole('list', { name: 'Possible conflicts' });
    expect(conflicts).toHaveTextContent("Same institutionWorks at Hillcrest, the applicant's institution.");
    expect(conflicts).toHaveTextContent(
      'Declared conflictDeclared a conflict with this applicant on request RM-7.',
    );
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://x');
    expect(url.searchParams.get('limit')).toBe('5');
  });

  it('assigns an unflagged reviewer at once, keeping the assigned ones, and reads the suggestions again', async () => {
    const fetch = renderAssistant([FREE, FLAGGED]);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign Fran Free' }));
    await waitFor(() => expect(puts(fetch)).toEqual([{ users: [21, 31] }]));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(suggestionReads(fetch)).toBe(2));
  });

  it('asks why a flagged reviewer is assigned: the dialog lists the flags, refuses an empty reason, then sends it', async () => {
    const fetch = renderAssistant([FREE, FLAGGED]);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign Flo Flagged' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Assign Flo Flagged despite a possible conflict?',
    });
    expect(within(dialog).getByRole('list', { name: 'Possible conflicts' })).toHaveTextContent(
      "Works at Hillcrest, the applicant's institution.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Anyway' }));
    expect(within(dialog).getByText(REVIEWER_ASSISTANT_MESSAGES.reasonBlank)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason for assigning them/ }));
    await userEvent.paste('   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Anyway' }));
    expect(puts(fetch)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason for assigning them/ }));
    await userEvent.paste('The only reviewer with this expertise.');
    expect(within(dialog).queryByText(REVIEWER_ASSISTANT_MESSAGES.reasonBlank)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Anyway' }));
    await waitFor(() =>
      expect(puts(fetch)).toEqual([
        {
          users: [21, 32],
          conflict_reasons: [{ user: 32, reason: 'The only reviewer with this expertise.' }],
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the dialog open with the server's message when the assignment is refused", async () => {
    renderAssistant(
      [FLAGGED],
      [{ status: 400, json: { conflict_reasons: [REVIEWER_ASSISTANT_MESSAGES.reasonTooLong] } }],
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Assign Flo Flagged' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.paste('Because.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Anyway' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      REVIEWER_ASSISTANT_MESSAGES.reasonTooLong,
    );
  });

  it('says when there is nobody left to suggest', async () => {
    renderAssistant([]);
    expect(
      await screen.findByText('No other reviewer to suggest: every active reviewer is assigned already.'),
    ).toBeVisible();
  });
});
