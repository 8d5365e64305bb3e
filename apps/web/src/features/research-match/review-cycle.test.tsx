import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { REVIEW_MESSAGES, type MeetingReviewDto, type ReviewMeetingDto } from '@rrp/domain';
import type { RequestDto as RequestView } from '@rrp/domain';
import { AUTOSAVE_DELAY_MS } from '@/components/autosave';
import { ScoringPanel } from '@/components/review-cycle/scoring-panel';
import ReviewMeetingScreen from './review-meeting-screen';

const session = vi.hoisted(() => ({
  activeRole: 'external_reviewer' as string,
  user: { id: 7, roles: ['external_reviewer'] as string[] },
}));
vi.mock('@/lib/session', () => ({ useSession: () => session }));

type Answer = { status?: number; json: unknown };
type Route_ = (pathname: string, init?: RequestInit) => Answer | undefined;

function stubFetch(route: Route_) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(String(url), 'http://x');
    const answer = route(pathname, init) ?? { json: {} };
    return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderIn(element: React.ReactNode, path = '/', pattern = '/') {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ModalsProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={pattern} element={element} />
              <Route path="/" element={<p>Home page</p>} />
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const request = (myReview: Partial<NonNullable<RequestView['my_review']>>) =>
  ({
    id: 12,
    portal_request_id: 'RM0012',
    type: 4,
    status: 3,
    my_review: {
      reviewer_role: 2,
      reviewer_role_name: 'Secondary Reviewer',
      conflict_exists: false,
      conflict_id: 3,
      review_id: null,
      progress: 'New',
      can_score: true,
      ...myReview,
    },
  }) as unknown as RequestView;

const sent = (fetch: ReturnType<typeof vi.fn>, method: string, suffix: RegExp) =>
  fetch.mock.calls
    .filter(
      ([url, init]) =>
        (init?.method ?? 'GET') === method && suffix.test(new URL(String(url), 'http://x').pathname),
    )
    .map(([, init]) => JSON.parse(String(init!.body)));

describe('the scoring panel (staff §2.6, §4.3)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('keeps the form closed until the conflict question is answered, and Yes needs an explanation', async () => {
    const fetch = stubFetch((pathname) =>
      pathname === '/api/conflict/'
        ? {
            status: 201,
            json: {
              id: 9,
              request: 12,
              user: 7,
              conflict_exists: true,
              explanation: 'x',
              removed_as_primary: true,
            },
          }
        : undefined,
    );
    renderIn(
      <ScoringPanel request={request({ conflict_exists: null, can_score: false, reviewer_role: 1 })} />,
    );
    const research = screen.getByRole('radiogroup', { name: 'Research score' });
    for (const radio of within(research).getAllByRole('radio')) expect(radio).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(screen.getByText(REVIEW_MESSAGES.conflictAnswerRequired)).toBeInTheDocument();
    await userEvent.click(
      within(
        screen.getByRole('radiogroup', { name: 'Do you have a conflict of interest with this application?' }),
      ).getByRole('radio', { name: 'Yes' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(screen.getByText(REVIEW_MESSAGES.explanationRequired)).toBeInTheDocument();
    expect(sent(fetch, 'POST', /\/conflict\/$/)).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Explain your conflict/ }), 'My co-author.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    const dialog = await screen.findByRole('dialog', { name: REVIEW_MESSAGES.conflictNoted });
    expect(within(dialog).getByText(REVIEW_MESSAGES.removedAsPrimary)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Return To Home' })).toBeInTheDocument();
    expect(sent(fetch, 'POST', /\/conflict\/$/)).toEqual([
      { request: 12, conflict_exists: true, explanation: 'My co-author.' },
    ]);
  });

  it('never shows the form to a reviewer with a conflict', () => {
    stubFetch(() => undefined);
    renderIn(<ScoringPanel request={request({ conflict_exists: true, can_score: false })} />);
    expect(screen.getByText(/You declared a conflict of interest/)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Research score' })).not.toBeInTheDocument();
    expect(screen.getByText('Conflict declared')).toBeInTheDocument();
  });

  it('saves 1 s after the last change: the first save creates the review, the next ones change it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const review = (progress: string) => ({
      id: 40,
      request: 12,
      progress,
      research: { score: 4, strengths: '', weaknesses: '' },
    });
    const fetch = stubFetch((pathname, init) => {
      if (pathname === '/api/review/' && init?.method === 'POST')
        return { status: 201, json: review('In Progress') };
      if (pathname === '/api/review/40/' && init?.method === 'PATCH') return { json: review('In Progress') };
      return undefined;
    });
    renderIn(<ScoringPanel request={request({})} />);
    const status = screen.getByRole('status');

    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Research score' })).getByRole('radio', { name: '4' }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Research strengths' }), {
      target: { value: 'Clear' },
    });
    expect(status).toHaveTextContent('Unsaved changes');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100));
    expect(sent(fetch, 'POST', /\/review\/$/)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(sent(fetch, 'POST', /\/review\/$/)).toEqual([
      { request: 12, research: { score: 4, strengths: 'Clear' } },
    ]);
    await vi.waitFor(() => expect(status).toHaveTextContent('All changes saved'));

    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Community score' })).getByRole('radio', { name: '2' }),
    );
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 50));
    expect(sent(fetch, 'PATCH', /\/review\/40\/$/)).toEqual([{ community: { score: 2 } }]);
    await vi.waitFor(() => expect(status).toHaveTextContent('All changes saved'));
  });

  it('shows a review read-only outside review', async () => {
    stubFetch((pathname) =>
      pathname === '/api/review/40/'
        ? {
            json: {
              id: 40,
              progress: 'Completed',
              reviewer_decision: 'Approve',
              build_merit: 'Yes',
              ...Object.fromEntries(
                ['research', 'engagement', 'feasibility', 'alignment', 'scientific', 'community'].map(
                  (key) => [key, { score: 5, strengths: 'Good', weaknesses: '' }],
                ),
              ),
            },
          }
        : undefined,
    );
    renderIn(<ScoringPanel request={request({ review_id: 40, can_score: false, progress: 'Completed' })} />);
    const research = await screen.findByRole('radiogroup', { name: 'Research score' });
    expect(within(research).getByRole('radio', { name: '5' })).toBeChecked();
    expect(within(research).getByRole('radio', { name: '5' })).toBeDisabled();
    expect(screen.getByText(/shown read-only/)).toBeInTheDocument();
  });
});

const meeting = (over: Partial<ReviewMeetingDto> = {}): ReviewMeetingDto => ({
  request: {
    id: 13,
    portal_request_id: 'RM0013',
    display_name: 'Research Match',
    status: 8,
    status_name: 'Review Meeting',
    applicant: 'Rosa Recontact',
    institution: 'Demo University',
    submission_date: '2026-01-05T00:00:00Z',
  },
  summary: {
    scientific_title: 'Speech therapy app',
    scientific_abstract: 'An abstract.',
    research_aim: 'Aim.',
    hypotheses: 'Hypotheses.',
    lay_title: 'Testing an app',
    lay_abstract: 'In plain words.',
    study_type: ['Clinical Trial'],
    category: [],
    keywords: [],
    cohort: ['SPARK'],
    region: 'National',
    rm_ids: [],
    due_date: null,
    review_quarter: '2026-Q1',
    review_cycle: 1,
    meeting_notes: '',
  },
  averages: { research: 4.33, engagement: null, feasibility: 4, alignment: 4, scientific: 4, community: 4 },
  total: 20.33,
  reviews: [],
  can_edit_notes: true,
  can_decide: true,
  ...over,
});

describe('the review meeting page (staff §2.5, §9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each criterion's average to 2 decimals, '-' when none, and the total", async () => {
    stubFetch((pathname) =>
      pathname === '/api/request/13/review-meeting/' ? { json: meeting() } : undefined,
    );
    renderIn(<ReviewMeetingScreen />, '/request/13/review-meeting', '/request/:objectId/review-meeting');
    const table = await screen.findByRole('table', { name: 'Average score per criterion' });
    expect(within(table).getByRole('row', { name: /^Research/ })).toHaveTextContent('4.33');
    expect(within(table).getByRole('row', { name: /^Engagement/ })).toHaveTextContent('-');
    expect(within(table).getByRole('row', { name: /^Feasibility/ })).toHaveTextContent('4.00');
    expect(within(table).getByRole('row', { name: /Total score/ })).toHaveTextContent('20.33');
    expect(screen.getByText(REVIEW_MESSAGES.noReviewData)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Meeting notes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a Decision' })).toHaveAttribute('href', '/request/13');
  });

  it('hides the notes from those who do not edit them, and shows the primary and other reviewers apart', async () => {
    const card = (id: number, role: number, name: string, score: number | null): MeetingReviewDto =>
      ({
        id,
        reviewer: { id, display_name: name },
        reviewer_role: role,
        reviewer_role_name: role === 1 ? 'Primary Reviewer' : 'Other',
        ...Object.fromEntries(
          ['research', 'engagement', 'feasibility', 'alignment', 'scientific', 'community'].map((key) => [
            key,
            { score, strengths: '', weaknesses: '' },
          ]),
        ),
        reviewer_decision: null,
        build_merit: null,
        total: score === null ? null : score * 6,
        progress: 'Completed',
        modified: '2026-01-06T00:00:00Z',
      }) as MeetingReviewDto;
    stubFetch((pathname) =>
      pathname === '/api/request/13/review-meeting/'
        ? {
            json: meeting({
              can_edit_notes: false,
              can_decide: false,
              summary: { ...meeting().summary, meeting_notes: undefined },
              reviews: [card(1, 3, 'Olga Other', null)],
            }),
          }
        : undefined,
    );
    renderIn(<ReviewMeetingScreen />, '/request/13/review-meeting', '/request/:objectId/review-meeting');
    expect(await screen.findByText(REVIEW_MESSAGES.noReview)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Meeting notes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Make a Decision' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Other Reviewers (1)' }));
    const article = screen.getByRole('article', { name: 'Review by Olga Other' });
    expect(within(article).getByText(REVIEW_MESSAGES.noScores)).toBeInTheDocument();
  });

  it("says the spec's text when the meeting cannot be loaded", async () => {
    stubFetch(() => ({ status: 404, json: { detail: REVIEW_MESSAGES.meetingMissing } }));
    renderIn(<ReviewMeetingScreen />, '/request/13/review-meeting', '/request/:objectId/review-meeting');
    // The spec's text, its two spaces and all.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(REVIEW_MESSAGES.meetingMissing);
  });
});
