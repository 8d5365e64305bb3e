import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  TISSUE_CYCLE_MESSAGES,
  TISSUE_REVIEW_MESSAGES,
  type AbnDashboardDto,
  type MovedRequests,
  type RequestTissueReviewsDto,
  type TissueReviewDto,
  type TissueStartReviewDto,
} from '@rrp/domain';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { createProject, createRequest } from '../../db/factories';
import { emailLogs, history, requestReviewers, requests, tissueReviews } from '../../db/schema';

/**
 * The ABN dashboard's counts and the tissue review cycle (staff §2.4, §2.7, §4.3): Begin Review for
 * new tissue requests with reviewers, with a due date and the reviewers' e-mail; the bulk close of
 * review; all or nothing, for administrators and tissue project managers only.
 */
let t: TestContext;
let admin: string;
let manager: string;
let researcher: { id: number; token: string; projectId: number };
let reviewer: { id: number; email: string; token: string };
let secondReviewer: { id: number; email: string };

const db = () => t.database.db;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), payload });
const newRequest = (typeId: number, statusId: number) =>
  createRequest(db(), { projectId: researcher.projectId, typeId, statusId, displayName: `Type ${typeId}` });
const statusOf = async (id: number) =>
  (await db().select().from(requests).where(eq(requests.id, id)))[0]!.statusId;
const assign = (requestId: number, userId: number) =>
  db().insert(requestReviewers).values({ requestId, userId });
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  manager = await t.tokenForRole('abn_proj_mgr');
  const owner = await t.createUser({ roles: ['primary_researcher'] });
  const project = await createProject(db(), { ownerId: owner.id, title: 'Cycle' });
  researcher = { id: owner.id, token: await t.tokenFor(owner.email), projectId: project.id };
  const first = await t.createUser({ roles: ['abn_reviewer'], firstName: 'Rae', lastName: 'Viewer' });
  reviewer = { ...first, token: await t.tokenFor(first.email) };
  secondReviewer = await t.createUser({ roles: ['abn_reviewer'] });
}, 120_000);
afterAll(() => t.close());

describe('GET abn_dashboard/', () => {
  it('counts each tab among the requests the caller reads', async () => {
    for (const [type, status] of [
      [6, 2],
      [6, 4],
      [6, 5],
      [7, 3],
      [8, 2],
      [8, 2],
      [8, 3],
      [8, 8],
      [8, 12],
      [8, 4],
      [8, 7],
    ] as const)
      await newRequest(type, status);
    const counts = (await call('GET', '/api/abn_dashboard/', manager)).json<AbnDashboardDto>();
    expect(Object.fromEntries(counts.tabs.map((tab) => [tab.key, tab.count]))).toEqual({
      data: 2,
      pilot: 1,
      new: 2,
      review: 1,
      decision: 1,
      team: 1,
      fulfil: 1,
    });
    expect(counts.tabs.map((tab) => tab.label)).toEqual([
      'Autism BrainNet Data Requests',
      'Pilot Applications',
      'New',
      'Under Review',
      'Make Decision',
      'Pending Team',
      'Awaiting Fulfillment',
    ]);
    // A reviewer counts only their own assignments.
    const mine = (await call('GET', '/api/abn_dashboard/', reviewer.token)).json<AbnDashboardDto>();
    expect(mine.tabs.every((tab) => tab.count === 0)).toBe(true);
  });
});

describe('POST abn_tissue/start-review/ (Begin Review)', () => {
  it('is for administrators and tissue project managers only', async () => {
    const request = await newRequest(8, 2);
    for (const token of [researcher.token, reviewer.token, await t.tokenForRole('portal_reviewer')]) {
      const response = await call('POST', '/api/abn_tissue/start-review/', token, {
        requests: [request.id],
        due_date: tomorrow(),
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('lists the new pilot tissue and tissue requests with their reviewers, and the e-mail draft', async () => {
    const tissue = await newRequest(8, 2);
    const pilot = await newRequest(7, 2);
    const dataAccess = await newRequest(6, 2);
    const underReview = await newRequest(8, 3);
    await assign(tissue.id, reviewer.id);
    const response = await call('GET', '/api/abn_tissue/start-review/', manager);
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json<TissueStartReviewDto>();
    const ids = draft.requests.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([tissue.id, pilot.id]));
    expect(ids).not.toContain(dataAccess.id);
    expect(ids).not.toContain(underReview.id);
    expect(draft.requests.find((row) => row.id === tissue.id)!.review_users).toEqual([
      { id: reviewer.id, display_name: 'Rae Viewer' },
    ]);
    expect(draft.requests.find((row) => row.id === pilot.id)!.review_users).toEqual([]);
    expect(draft.email.subject).not.toBe('');
    expect((await call('GET', '/api/abn_tissue/start-review/', reviewer.token)).statusCode).toBe(403);
  });

  it('refuses requests without reviewers, or not new, or a past due date, moving none', async () => {
    const withReviewer = await newRequest(8, 2);
    await assign(withReviewer.id, reviewer.id);
    const without = await newRequest(8, 2);
    const refused = await call('POST', '/api/abn_tissue/start-review/', manager, {
      requests: [withReviewer.id, without.id],
      due_date: tomorrow(),
    });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).requests).toEqual([
      TISSUE_CYCLE_MESSAGES.noReviewers([without.portalRequestId]),
    ]);
    expect(await statusOf(withReviewer.id)).toBe(2);

    const dataRequest = await newRequest(6, 2);
    const notTissue = await call('POST', '/api/abn_tissue/start-review/', manager, {
      requests: [dataRequest.id],
      due_date: tomorrow(),
    });
    expect(errorBody(notTissue).requests).toEqual([
      TISSUE_CYCLE_MESSAGES.notNew([dataRequest.portalRequestId]),
    ]);
    const past = await call('POST', '/api/abn_tissue/start-review/', manager, {
      requests: [withReviewer.id],
      due_date: '2020-01-01',
    });
    expect(errorBody(past).due_date).toEqual([TISSUE_CYCLE_MESSAGES.dueDate]);
    const none = await call('POST', '/api/abn_tissue/start-review/', manager, {
      requests: [],
      due_date: tomorrow(),
    });
    expect(errorBody(none).requests).toEqual([TISSUE_CYCLE_MESSAGES.chooseRequests]);
    expect(await statusOf(withReviewer.id)).toBe(2);
  });

  it('moves them to Under Review, opens a review per reviewer with the due date and e-mails each reviewer', async () => {
    const first = await newRequest(8, 2);
    const pilot = await newRequest(7, 2);
    await assign(first.id, reviewer.id);
    await assign(first.id, secondReviewer.id);
    await assign(pilot.id, reviewer.id);
    const due = tomorrow();
    const response = await call('POST', '/api/abn_tissue/start-review/', admin, {
      requests: [first.id, pilot.id],
      due_date: due,
      email: { subject: 'Tissue requests to review', body: 'Please review these.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MovedRequests>()).toMatchObject({
      moved: [
        { id: first.id, status: 3, status_name: 'Under Review' },
        { id: pilot.id, status: 3, status_name: 'Under Review' },
      ],
    });
    const reviews = await db()
      .select()
      .from(tissueReviews)
      .where(inArray(tissueReviews.requestId, [first.id, pilot.id]));
    expect(reviews).toHaveLength(3);
    expect(reviews.every((review) => review.dueDate?.toISOString() === `${due}T12:00:00.000Z`)).toBe(true);
    const mails = await db().select().from(emailLogs).where(eq(emailLogs.template, 'tissue_review_start'));
    expect(mails).toHaveLength(2);
    const toFirst = mails.find((mail) => mail.to.includes(reviewer.email))!;
    expect(toFirst.subject).toBe('Tissue requests to review');
    expect(toFirst.text).toContain(`/abn-review/${first.id}`);
    expect(toFirst.text).toContain(`/abn-review/${pilot.id}`);
    // The reviewer's dashboard now counts them.
    const mine = (await call('GET', '/api/abn_dashboard/', reviewer.token)).json<AbnDashboardDto>();
    expect(mine.tabs.find((tab) => tab.key === 'review')!.count).toBe(1);
  });

  it('two Begin Reviews of one request at once move it once: one history row, one e-mail', async () => {
    const request = await newRequest(8, 2);
    const solo = await t.createUser({ roles: ['abn_reviewer'] });
    await assign(request.id, solo.id);
    const historyOf = () =>
      db()
        .select()
        .from(history)
        .where(and(eq(history.model, 'request'), eq(history.objectId, String(request.id))));
    const before = (await historyOf()).length;
    const begin = () =>
      call('POST', '/api/abn_tissue/start-review/', manager, {
        requests: [request.id],
        due_date: tomorrow(),
        email: { subject: 'Once', body: 'Please review.' },
      });
    const answers = await Promise.all([begin(), begin()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(errorBody(refused).requests).toEqual([TISSUE_CYCLE_MESSAGES.notNew([request.portalRequestId])]);
    expect(await statusOf(request.id)).toBe(3);
    expect((await historyOf()).length - before).toBe(1);
    const mails = await db().select().from(emailLogs).where(eq(emailLogs.template, 'tissue_review_start'));
    expect(mails.filter((mail) => mail.to.includes(solo.email))).toHaveLength(1);
  });
});

describe('POST abn_tissue/close-review/', () => {
  it("moves requests under review to Make Decision ('Appliation(s) Moved Successfully'), all or none", async () => {
    const one = await newRequest(8, 3);
    const two = await newRequest(8, 3);
    const fresh = await newRequest(8, 2);
    const refused = await call('POST', '/api/abn_tissue/close-review/', manager, {
      requests: [one.id, fresh.id],
    });
    expect(errorBody(refused).requests).toEqual([
      TISSUE_CYCLE_MESSAGES.notUnderReview([fresh.portalRequestId]),
    ]);
    expect(await statusOf(one.id)).toBe(3);
    const response = await call('POST', '/api/abn_tissue/close-review/', manager, {
      requests: [one.id, two.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MovedRequests>()).toMatchObject({
      msg: 'Appliation(s) Moved Successfully',
      moved: [{ status: 8, status_name: 'Review Meeting' }, { status: 8 }],
    });
    expect(await statusOf(two.id)).toBe(8);
    expect(
      (
        await db()
          .select()
          .from(requests)
          .where(and(inArray(requests.id, [one.id, two.id]), eq(requests.statusId, 8)))
      ).length,
    ).toBe(2);
  });
});

describe('tissue reviews (request/{id}/tissue-reviews/, tissue_review/{id}/)', () => {
  it('lets the reviewer score their own review while under review, and refuses bad scores storing nothing', async () => {
    const request = await newRequest(8, 2);
    await assign(request.id, reviewer.id);
    await assign(request.id, secondReviewer.id);
    const started = await call('POST', '/api/abn_tissue/start-review/', manager, {
      requests: [request.id],
      due_date: tomorrow(),
    });
    expect(started.statusCode, started.body).toBe(200);

    const mine = await call('GET', `/api/request/${request.id}/tissue-reviews/`, reviewer.token);
    expect(mine.statusCode, mine.body).toBe(200);
    const own = mine.json<RequestTissueReviewsDto>();
    expect(own.reviews).toHaveLength(1);
    const review = own.reviews[0]!;
    expect(review).toMatchObject({ reviewer: { id: reviewer.id }, editable: true, progress: 0 });

    for (const bad of [55, -5, 12, 2.5, '40']) {
      const refused = await call('PATCH', `/api/tissue_review/${review.id}/`, reviewer.token, {
        importance_score: bad,
        importance_comment: 'Should not be stored',
      });
      expect(refused.statusCode).toBe(400);
      expect(errorBody(refused).importance_score).toEqual([TISSUE_REVIEW_MESSAGES.score]);
    }
    const [stored] = await db().select().from(tissueReviews).where(eq(tissueReviews.id, review.id));
    expect(stored).toMatchObject({ importanceScore: null, importanceComment: '' });

    const saved = await call('PATCH', `/api/tissue_review/${review.id}/`, reviewer.token, {
      importance_score: 40,
      importance_comment: 'Addresses a central question.',
      novel_score: 30,
      funding_comment: 'Funded by an R01.',
      submit: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TissueReviewDto>()).toMatchObject({
      importance_score: 40,
      novel_score: 30,
      progress: 0.3,
    });
    expect(saved.json<TissueReviewDto>().submitted_at).not.toBeNull();
    const audit = await db().select().from(history).where(eq(history.model, 'tissue_review'));
    expect(audit.some((entry) => entry.objectId === String(review.id))).toBe(true);

    // The other reviewer cannot read or change it; staff read both, with the mean of averages.
    const otherToken = await t.tokenFor(secondReviewer.email);
    expect((await call('GET', `/api/tissue_review/${review.id}/`, otherToken)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/tissue_review/${review.id}/`, otherToken, { novel_score: 0 })).statusCode,
    ).toBe(404);
    const theirs = (
      await call('GET', `/api/request/${request.id}/tissue-reviews/`, otherToken)
    ).json<RequestTissueReviewsDto>();
    await call('PATCH', `/api/tissue_review/${theirs.reviews[0]!.id}/`, otherToken, {
      importance_score: 20,
      design_score: 50,
    });
    const all = (
      await call('GET', `/api/request/${request.id}/tissue-reviews/`, manager)
    ).json<RequestTissueReviewsDto>();
    expect(all.reviews).toHaveLength(2);
    expect(all.reviews.every((entry) => !entry.editable)).toBe(true);
    expect(all.criterion_averages).toMatchObject({ importance: 30, novel: 30, design: 50, expertise: null });
    expect(all.mean_score).toBeCloseTo((30 + 30 + 50) / 3, 2);
    expect(
      (await call('GET', `/api/request/${request.id}/tissue-reviews/`, researcher.token)).statusCode,
    ).toBe(403);

    // Once review is closed the review is read-only.
    await call('POST', '/api/abn_tissue/close-review/', manager, { requests: [request.id] });
    const closed = await call('PATCH', `/api/tissue_review/${review.id}/`, reviewer.token, {
      novel_score: 10,
    });
    expect(closed.statusCode).toBe(400);
    expect(errorBody(closed).non_field_errors).toEqual([TISSUE_REVIEW_MESSAGES.notUnderReview]);
    expect(
      (await call('GET', `/api/tissue_review/${review.id}/`, reviewer.token)).json<TissueReviewDto>(),
    ).toMatchObject({ novel_score: 30, editable: false });
  });
});
