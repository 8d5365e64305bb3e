import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { INSIGHT_MESSAGES, type TurnaroundDto } from '@rrp/domain';
import { createInstitution, createRequest } from '../../db/factories';
import { requestReviewers, reviews } from '../../db/schema';
import { auth, errorBody, type TestContext } from '../../../test/test-app';
import { createRdaWithHistory, writeRequestHistory, type Step } from '../../../test/status-history';
import { createInsightsTest } from './insights.test-support';

/**
 * GET insights/turnaround/ over a generated history whose answers are worked out by hand below
 * (percentile_cont interpolates: the 90th percentile of n sorted values sits at 0.9·(n − 1)).
 */
let t: TestContext;
let admin: string;
let projectId: number;
const DAY = 86_400_000;
const on = (day: string) => new Date(`${day}T00:00:00Z`);
const ago = (days: number) => new Date(Date.now() - days * DAY);
const YEAR_2025 = 'from=2025-01-01&to=2025-12-31';

async function requestWith(typeId: number, steps: readonly Step[]) {
  const request = await createRequest(t.database.db, { projectId, typeId, statusId: 1 });
  await writeRequestHistory(t.database.db, request.id, steps);
  return request.id;
}

let reviewerX: { id: number };
let reviewerY: { id: number };
let institutionP: number;
let institutionQ: number;

beforeAll(async () => {
  ({ t, admin, projectId } = await createInsightsTest());

  // Datasets (type 1). A: straight through; B: sent back for revisions once (and edited while under review).
  await requestWith(1, [
    [1, on('2025-01-01')],
    [2, on('2025-01-02')],
    [3, on('2025-01-04')],
    [4, on('2025-01-14')],
    [7, on('2025-01-17')],
  ]);
  await requestWith(1, [
    [1, on('2025-02-01')],
    [2, on('2025-02-02')],
    [3, on('2025-02-06')],
    ['edit', on('2025-02-08')],
    [6, on('2025-02-12')],
    [2, on('2025-02-22')],
    [3, on('2025-02-23')],
    [4, on('2025-02-28')],
    [7, on('2025-03-07')],
  ]);
  // F: rejected after 20 days; G: submitted in 2024, decided in 2025, still Approved; E: all in 2024.
  await requestWith(1, [
    [1, on('2025-04-01')],
    [2, on('2025-04-03')],
    [5, on('2025-04-23')],
  ]);
  await requestWith(1, [
    [2, on('2024-12-25')],
    [3, on('2025-01-05')],
    [4, on('2025-01-06')],
  ]);
  await requestWith(1, [
    [1, on('2024-10-01')],
    [2, on('2024-10-02')],
    [5, on('2024-11-01')],
  ]);
  // Open now: H under review for 35 days, I with revisions requested for 10.
  await requestWith(1, [
    [2, ago(40)],
    [3, ago(35)],
  ]);
  await requestWith(1, [
    [1, ago(12)],
    [2, ago(11)],
    [6, ago(10)],
  ]);
  // Biospecimen (type 2) C: approved pending its team, then approved and fulfilled.
  await requestWith(2, [
    [1, on('2025-03-01')],
    [2, on('2025-03-02')],
    [12, on('2025-03-22')],
    [4, on('2025-03-27')],
    [7, on('2025-03-28')],
  ]);

  // Research Match (type 4): review starts after X's assignment on R; Y is assigned after it started;
  // on R2 X is assigned after the review started. Z never completes a review.
  const r = await requestWith(4, [
    [1, on('2025-04-01')],
    [2, on('2025-04-02')],
    [3, on('2025-05-10')],
    [8, on('2025-05-25')],
  ]);
  const r2 = await requestWith(4, [
    [2, on('2025-07-01')],
    [3, on('2025-07-25')],
    [8, on('2025-08-20')],
  ]);
  reviewerX = await t.createUser({ roles: ['internal_reviewer'], firstName: 'Xena', lastName: 'Quick' });
  reviewerY = await t.createUser({ roles: ['external_reviewer'], firstName: 'Yuri', lastName: 'Swift' });
  const reviewerZ = await t.createUser({
    roles: ['internal_reviewer'],
    firstName: 'Zed',
    lastName: 'Undone',
  });
  const scored = {
    researchScore: 4,
    engagementScore: 4,
    feasibilityScore: 3,
    alignmentScore: 5,
    scientificScore: 4,
    communityScore: 3,
    reviewerDecision: 'Approve',
  };
  await t.database.db.insert(requestReviewers).values([
    { requestId: r, userId: reviewerX.id, reviewerRole: 1, created: on('2025-05-01') },
    { requestId: r, userId: reviewerY.id, reviewerRole: 2, created: on('2025-05-12') },
    { requestId: r, userId: reviewerZ.id, reviewerRole: 3, created: on('2025-05-01') },
    { requestId: r2, userId: reviewerX.id, reviewerRole: 1, created: on('2025-08-01') },
  ]);
  await t.database.db.insert(reviews).values([
    {
      requestId: r,
      reviewerId: reviewerX.id,
      reviewerRole: 1,
      quarter: '2025-Q2',
      ...scored,
      modified: on('2025-05-17'),
    },
    {
      requestId: r,
      reviewerId: reviewerY.id,
      reviewerRole: 2,
      quarter: '2025-Q2',
      ...scored,
      modified: on('2025-05-15'),
    },
    {
      requestId: r,
      reviewerId: reviewerZ.id,
      reviewerRole: 3,
      quarter: '2025-Q2',
      ...scored,
      communityScore: null,
      modified: on('2025-05-20'),
    },
    {
      requestId: r2,
      reviewerId: reviewerX.id,
      reviewerRole: 1,
      quarter: '2025-Q3',
      ...scored,
      modified: on('2025-08-06'),
    },
  ]);

  // RDAs: P's executed in 20 days; Q's in 4 and in 32 (sent in 2024); P's older one in 2024 only;
  // one executed in 2024 and saved again (still executed) in 2025 does not count again.
  institutionP = (await createInstitution(t.database.db, { name: 'Pine University', statusId: 3 })).id;
  institutionQ = (await createInstitution(t.database.db, { name: 'Quarry College', statusId: 3 })).id;
  await createRdaWithHistory(t.database.db, institutionP, [
    [1, on('2025-02-01')],
    [2, on('2025-02-11')],
    [3, on('2025-02-21')],
  ]);
  await createRdaWithHistory(t.database.db, institutionQ, [
    [1, on('2025-05-01')],
    [3, on('2025-05-05')],
  ]);
  await createRdaWithHistory(t.database.db, institutionQ, [
    [1, on('2024-12-01')],
    [2, on('2024-12-20')],
    [3, on('2025-01-02')],
  ]);
  await createRdaWithHistory(t.database.db, institutionP, [
    [1, on('2024-03-01')],
    [3, on('2024-06-01')],
    [3, on('2025-03-01')],
  ]);
}, 120_000);
afterAll(() => t.close());

const get = (query: string, token = admin) =>
  t.app.inject({ url: `/api/insights/turnaround/?${query}`, headers: auth(token) });

async function turnaround(query: string): Promise<TurnaroundDto> {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TurnaroundDto>();
}

const stats = (count: number, median: number | null, p90: number | null) => ({
  count,
  median_days: median,
  p90_days: p90,
});

describe('GET insights/turnaround/', () => {
  it('gives the median and 90th percentile of the time in each status, from the history', async () => {
    const datasets = await turnaround(`${YEAR_2025}&type=1`);
    expect(datasets).toMatchObject({ from: '2025-01-01', to: '2025-12-31', type: 1 });
    expect(datasets.statuses).toEqual([
      { status: 1, status_name: 'Created', ...stats(3, 1, 1.8) },
      { status: 2, status_name: 'Submitted', ...stats(5, 4, 16.4) },
      // B's edit while under review does not split its stay.
      { status: 3, status_name: 'Under Review', ...stats(4, 5.5, 8.8) },
      { status: 4, status_name: 'Approved', ...stats(2, 5, 6.6) },
      { status: 6, status_name: 'Revisions Requested', ...stats(1, 10, 10) },
    ]);

    const biospecimens = await turnaround(`${YEAR_2025}&type=2`);
    expect(biospecimens.statuses).toEqual([
      { status: 1, status_name: 'Created', ...stats(1, 1, 1) },
      { status: 2, status_name: 'Submitted', ...stats(1, 20, 20) },
      { status: 4, status_name: 'Approved', ...stats(1, 1, 1) },
      { status: 12, status_name: 'Approved (Pending Team)', ...stats(1, 5, 5) },
    ]);
  });

  it('measures first submission to first decision, and first approval to fulfilment', async () => {
    const datasets = await turnaround(`${YEAR_2025}&type=1`);
    // A 12, B 10 (revisions requested is the first decision), F 20, G 12 (submitted in 2024); E is out.
    expect(datasets.submission_to_decision).toEqual(stats(4, 12, 17.6));
    expect(datasets.approval_to_fulfilment).toEqual(stats(2, 5, 6.6));

    const all = await turnaround(YEAR_2025);
    expect(all.type).toBeNull();
    // C adds 20 days to a decision (Approved (Pending Team) is one) and 6 from that approval to fulfilment.
    expect(all.submission_to_decision).toEqual(stats(5, 12, 20));
    expect(all.approval_to_fulfilment).toEqual(stats(3, 6, 6.8));
    // A narrower period keeps only what happened in it.
    const january = await turnaround('from=2025-01-01&to=2025-01-31&type=1');
    expect(january.submission_to_decision).toEqual(stats(2, 12, 12));
    expect(january.approval_to_fulfilment).toEqual(stats(1, 3, 3));
  });

  it('gives each reviewer the time from assignment (or the start of review) to a completed review', async () => {
    const researchMatch = await turnaround(`${YEAR_2025}&type=4`);
    expect(researchMatch.reviewers).toEqual([
      { reviewer: { id: reviewerX.id, full_name: 'Xena Quick' }, ...stats(2, 6, 6.8) },
      { reviewer: { id: reviewerY.id, full_name: 'Yuri Swift' }, ...stats(1, 3, 3) },
    ]);
    expect((await turnaround(`${YEAR_2025}&type=1`)).reviewers).toEqual([]);
  });

  it("gives each institution's RDA time from sent to fully executed, slowest first", async () => {
    const { rda } = await turnaround(YEAR_2025);
    expect(rda).toEqual({
      ...stats(3, 20, 29.6),
      institutions: 2,
      slowest: [
        { institution: { id: institutionP, name: 'Pine University' }, ...stats(1, 20, 20) },
        { institution: { id: institutionQ, name: 'Quarry College' }, ...stats(2, 18, 29.2) },
      ],
    });
  });

  it('counts the open items now and how long they have waited in their status', async () => {
    const datasets = await turnaround(`${YEAR_2025}&type=1`);
    expect(datasets.ageing).toEqual(
      expect.arrayContaining([
        { status: 3, status_name: 'Under Review', open: 1, over_7_days: 1, over_14_days: 1, over_30_days: 1 },
        { status: 4, status_name: 'Approved', open: 1, over_7_days: 1, over_14_days: 1, over_30_days: 1 },
        {
          status: 6,
          status_name: 'Revisions Requested',
          open: 1,
          over_7_days: 1,
          over_14_days: 0,
          over_30_days: 0,
        },
      ]),
    );
    // Fulfilled and rejected requests wait on no one.
    expect(datasets.ageing.map((row) => row.status).sort((a, b) => a - b)).toEqual([3, 4, 6]);
    const researchMatch = await turnaround('type=4');
    expect(researchMatch.ageing).toEqual([
      { status: 8, status_name: 'Review Meeting', open: 2, over_7_days: 2, over_14_days: 2, over_30_days: 2 },
    ]);
  });

  it('defaults to the twelve months up to today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const body = await turnaround('');
    expect(body.to).toBe(today);
    expect(Date.parse(body.to) - Date.parse(body.from)).toBeGreaterThanOrEqual(364 * DAY);
    expect(Date.parse(body.to) - Date.parse(body.from)).toBeLessThanOrEqual(365 * DAY);
    const fromOnly = await turnaround('from=2025-03-01');
    expect(fromOnly).toMatchObject({ from: '2025-03-01', to: '2026-02-28' });
  });

  it('refuses a period that is inverted, longer than 5 years or not a date, and an unknown type', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['from=2025-06-02&to=2025-06-01', { to: [INSIGHT_MESSAGES.inverted] }],
      ['from=2020-01-01&to=2025-01-01', { to: [INSIGHT_MESSAGES.tooLong] }],
      ['from=2025-02-30', { from: [INSIGHT_MESSAGES.day] }],
      ['to=yesterday', { to: [INSIGHT_MESSAGES.day] }],
      ['type=9', { type: [INSIGHT_MESSAGES.type] }],
      ['type=', { type: [INSIGHT_MESSAGES.type] }],
      ['status=2', { status: ['Unknown filter.'] }],
    ];
    for (const [query, errors] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(errorBody(response), query).toMatchObject(errors);
    }
    // Five whole years is the most.
    expect((await get('from=2020-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('is for administrators, their lead, Research Match administrators and tissue project managers', async () => {
    for (const role of ['portal_admin_lead', 'rm_admin', 'abn_proj_mgr'] as const) {
      expect((await get(YEAR_2025, await t.tokenForRole(role))).statusCode, role).toBe(200);
    }
    for (const role of ['primary_researcher', 'portal_reviewer', 'sbso', 'superuser'] as const) {
      expect((await get(YEAR_2025, await t.tokenForRole(role))).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/insights/turnaround/' })).statusCode).toBe(401);
  });
});

describe('GET insights/turnaround/download/', () => {
  it('answers every figure as one CSV table, every reviewer and institution included', async () => {
    const response = await t.app.inject({
      url: `/api/insights/turnaround/download/?${YEAR_2025}`,
      headers: auth(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="turnaround-2025-01-01-to-2025-12-31.csv"',
    );
    const rows = Papa.parse<string[]>(response.body.trim()).data;
    expect(rows[0]).toEqual([
      'Measure',
      'Of',
      'Count',
      'Median days',
      '90th percentile days',
      'Over 7 days',
      'Over 14 days',
      'Over 30 days',
      'Period from',
      'Period to',
      'Request type',
    ]);
    const find = (measure: string, of: string) => rows.find((row) => row[0] === measure && row[1] === of);
    expect(find('Submission to decision', 'All requests')).toEqual([
      'Submission to decision',
      'All requests',
      '5',
      '12',
      '20',
      '',
      '',
      '',
      '2025-01-01',
      '2025-12-31',
      'All types',
    ]);
    expect(find('Assignment to completed review', 'Xena Quick')?.slice(2, 5)).toEqual(['2', '6', '6.8']);
    expect(find('RDA sent to fully executed', 'Quarry College')?.slice(2, 5)).toEqual(['2', '18', '29.2']);
    expect(find('Open items now', 'Review Meeting')?.slice(2, 8)).toEqual(['2', '', '', '2', '2', '2']);
    expect((await get('from=2025-06-02&to=2025-06-01')).statusCode).toBe(400);
  });
});
