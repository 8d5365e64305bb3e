import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { TISSUE_REVIEW_COMMENTS, TISSUE_REVIEW_CRITERIA, type RequestTissueReviewsDto } from '@rrp/domain';
import TissueReviewScreen from './tissue-review-screen';

const session = vi.hoisted(() => ({
  activeRole: 'abn_reviewer' as string,
  user: { id: 5, roles: ['abn_reviewer'] as string[] },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

const blank = Object.fromEntries([
  ...TISSUE_REVIEW_CRITERIA.flatMap((criterion) => [
    [`${criterion}_score`, null],
    [`${criterion}_comment`, ''],
  ]),
  ...TISSUE_REVIEW_COMMENTS.map((name) => [`${name}_comment`, '']),
]);

/**
 * How long a wait for what follows the autosave's 1 s pause may take: the pause is the behaviour,
 * what comes after it takes as long as a busy machine takes to render (2.5 s failed under CI load).
 */
const AFTER_THE_PAUSE = 10_000;

/** When each PATCH of the render was sent (Date.now()). */
let patchedAt: number[] = [];

function renderReview(editable: boolean, failPatches = 0) {
  let failing = failPatches;
  patchedAt = [];
  const reviews: RequestTissueReviewsDto = {
    reviews: [
      {
        id: 31,
        request: 7,
        reviewer: { id: 5, display_name: 'Rae Viewer' },
        due_date: '2026-12-01T12:00:00Z',
        submitted_at: null,
        progress: 0,
        editable,
        ...(blank as object),
      } as RequestTissueReviewsDto['reviews'][number],
    ],
    criterion_averages: {},
    mean_score: null,
  };
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(String(url), 'http://x');
    const patch = pathname === '/api/tissue_review/31/' && init?.method === 'PATCH';
    if (patch) patchedAt.push(Date.now());
    if (patch && failing-- > 0)
      return new Response(JSON.stringify({ detail: 'The server is restarting.' }), { status: 503 });
    const json = patch ? reviews.reviews[0] : reviews;
    return new Response(JSON.stringify(json), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/abn-review/7']}>
          <Routes>
            <Route path="/abn-review/:objectId" element={<TissueReviewScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

// Each value arrives as one change (pasted). Typed key by key on a busy machine, a key can come
// after the autosave's pause has passed, and the save then carries half a word.
async function typeAtOnce(box: HTMLElement, text: string) {
  await userEvent.click(box);
  await userEvent.paste(text);
}

const patchesSent = (fetch: ReturnType<typeof renderReview>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

describe('the tissue review page (staff §2.6)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the score guide, snaps a typed score after a pause, counts progress and saves', async () => {
    const fetch = renderReview(true);
    const guide = await screen.findByRole('table', { name: 'Score guide' });
    expect(
      within(guide)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['50', '40', '30', '20', '10', '0']);
    const importance = await screen.findByRole('region', { name: 'Importance' });
    const scoreBox = within(importance).getByRole('textbox', { name: /Score/ });
    await typeAtOnce(scoreBox, '43');
    await waitFor(() => expect(scoreBox).toHaveValue('45'), { timeout: AFTER_THE_PAUSE });
    // The snapped score is saved at once: it has already waited its pause.
    await waitFor(() => expect(patchesSent(fetch)).toContainEqual({ importance_score: 45 }));
    await userEvent.clear(scoreBox);
    await typeAtOnce(scoreBox, '99');
    await waitFor(() => expect(scoreBox).toHaveValue('50'), { timeout: AFTER_THE_PAUSE });
    await typeAtOnce(screen.getByRole('textbox', { name: 'Funding' }), 'R01');
    expect(
      screen.getByText("20% of the review's fields have a score or comment.", { exact: false }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review has been saved' });
    expect(within(dialog).getByRole('button', { name: 'Return To Home' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(patchesSent(fetch).at(-1)).toMatchObject({
      importance_score: 50,
      funding_comment: 'R01',
      submit: true,
    });
  });

  it('saves a comment 1 s after typing stops, without submitting the review', async () => {
    const fetch = renderReview(true);
    const funding = await screen.findByRole('textbox', { name: 'Funding' });
    // The pause starts with the change, so after this moment.
    const typed = Date.now();
    // One synchronous change, read back before the event loop turns: the pause's timer cannot have
    // run yet, however busy the machine (a paste, which awaits, let a stalled run pass the pause).
    fireEvent.change(funding, { target: { value: 'NIH R01' } });
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes');
    expect(patchesSent(fetch)).toEqual([]);
    // It says when it last saved, in the portal's one date and time format. How long after the
    // pause the save lands depends on the machine; that it waited the pause does not.
    await waitFor(
      () =>
        expect(screen.getByRole('status')).toHaveTextContent(
          /^Saved at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/,
        ),
      { timeout: AFTER_THE_PAUSE },
    );
    expect(patchesSent(fetch)).toEqual([{ funding_comment: 'NIH R01' }]);
    expect(patchedAt[0]! - typed).toBeGreaterThanOrEqual(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(/Due Dec 1, 2026\./)).toBeInTheDocument();
  });

  it('keeps what a failed save carried, says so, and sends it again on Try again', async () => {
    const fetch = renderReview(true, 1);
    const funding = await screen.findByRole('textbox', { name: 'Funding' });
    await typeAtOnce(funding, 'NIH R01');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Not saved: /), {
      timeout: AFTER_THE_PAUSE,
    });
    expect(screen.getByText(/stays on this page and is sent with your next change/)).toBeInTheDocument();
    expect(funding).toHaveValue('NIH R01');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Saved at /));
    expect(patchesSent(fetch)).toEqual([{ funding_comment: 'NIH R01' }, { funding_comment: 'NIH R01' }]);
  });

  it('is read-only once the request is no longer under review', async () => {
    renderReview(false);
    expect(
      await screen.findByText(/can be changed only while the request is Under Review/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
  });
});
