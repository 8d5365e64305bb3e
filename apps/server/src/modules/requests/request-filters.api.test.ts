import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REQUEST_STAFF_MESSAGES } from '@rrp/domain';
import { requestReviewers, requests } from '../../db/schema';
import { createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: string;
let owner: { id: number; email: string };
let reviewer: { id: number; token: string };
let colleague: { id: number };
let projectId: number;
const req: Record<string, number> = {};

const db = () => t.database.db;
const get = (url: string, token = admin) => t.app.inject({ url, headers: auth(token) });
const ids = async (url: string, token = admin) => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().results as { id: number }[]).map((row) => row.id);
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  owner = await t.createUser({ roles: ['primary_researcher'], firstName: 'Fay', lastName: 'Filter' });
  projectId = (await createProject(db(), { ownerId: owner.id, title: 'Filter study' })).id;
  req.expiresEarly = (
    await createRequest(db(), {
      projectId,
      statusId: 7,
      expirationDate: new Date('2031-01-15T00:00:00Z'),
    })
  ).id;
  req.expiresLate = (
    await createRequest(db(), {
      projectId,
      statusId: 7,
      expirationDate: new Date('2031-06-30T00:00:00Z'),
    })
  ).id;
  req.noExpiry = (await createRequest(db(), { projectId, statusId: 2 })).id;

  const reviewerUser = await t.createUser({
    roles: ['portal_reviewer'],
    firstName: 'Rob',
    lastName: 'Reviewer',
  });
  reviewer = { id: reviewerUser.id, token: await t.tokenFor(reviewerUser.email) };
  colleague = { id: (await t.createUser({ roles: ['internal_reviewer'] })).id };
  // Submitted in 2030-Q3 (assigned to the reviewer), 2030-Q4 (assigned to a colleague), 2031-Q1 (nobody).
  req.q3 = (
    await createRequest(db(), { projectId, statusId: 3, submissionDate: new Date('2030-09-30T23:59:00Z') })
  ).id;
  req.q4 = (
    await createRequest(db(), { projectId, statusId: 2, submissionDate: new Date('2030-10-01T00:00:00Z') })
  ).id;
  req.q1 = (
    await createRequest(db(), { projectId, statusId: 2, submissionDate: new Date('2031-02-01T00:00:00Z') })
  ).id;
  await db()
    .insert(requestReviewers)
    .values([
      { requestId: req.q3!, userId: reviewer.id },
      { requestId: req.q4!, userId: colleague.id },
    ]);
  // Research Match requests of cohorts 1 and 2, and a dataset request of cohort 1.
  req.rmSpark = (await createRequest(db(), { projectId, typeId: 4, statusId: 2, cohortIds: [1] })).id;
  req.rmOther = (await createRequest(db(), { projectId, typeId: 5, statusId: 2, cohortIds: [2] })).id;
  req.datasetCohort = (await createRequest(db(), { projectId, typeId: 1, statusId: 2, cohortIds: [1] })).id;
  // Fulfilled: expiring within six months (compliance needed), and in two years (not yet).
  const soon = new Date(Date.now() + 30 * 86_400_000);
  const later = new Date(Date.now() + 730 * 86_400_000);
  req.fulfilledSoon = (await createRequest(db(), { projectId, statusId: 7, expirationDate: soon })).id;
  req.fulfilledLater = (await createRequest(db(), { projectId, statusId: 7, expirationDate: later })).id;
  req.tissue = (await createRequest(db(), { projectId, typeId: 7, statusId: 2 })).id;
});
afterAll(() => t.close());

describe('request list: expiration date range', () => {
  it('keeps requests expiring on or after expiration_date__gte and on or before expiration_date__lte', async () => {
    expect(await ids('/api/request/?expiration_date__gte=2031-01-01&limit=1000')).toEqual(
      expect.arrayContaining([req.expiresEarly, req.expiresLate]),
    );
    const window = await ids(
      '/api/request/?expiration_date__gte=2031-01-01&expiration_date__lte=2031-03-01&limit=1000',
    );
    expect(window).toContain(req.expiresEarly);
    expect(window).not.toContain(req.expiresLate);
    expect(window).not.toContain(req.noExpiry);
    expect(
      await ids('/api/request/?expiration_date__lte=2031-06-30&expiration_date__gte=2031-02-01'),
    ).toEqual([req.expiresLate]);
  });

  it('answers 400 for a date that is not YYYY-MM-DD', async () => {
    const response = await get('/api/request/?expiration_date__gte=soon');
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).expiration_date__gte).toEqual(['Enter a date as YYYY-MM-DD.']);
  });
});

describe('request list: staff filters', () => {
  it('filters by assigned reviewer (reviews__user, reviews__user__in)', async () => {
    expect(await ids(`/api/request/?reviews__user=${reviewer.id}`)).toEqual([req.q3]);
    expect((await ids(`/api/request/?reviews__user__in=${reviewer.id},${colleague.id}`)).sort()).toEqual(
      [req.q3, req.q4].sort(),
    );
    expect(await ids('/api/request/?reviews__user__in=')).toEqual([]);
    expect((await get('/api/request/?reviews__user__in=x')).statusCode).toBe(400);
  });

  it('filters by review quarter (submission date, quarters from 2018-Q4)', async () => {
    expect(await ids('/api/request/?review_quarter=2030-Q3')).toEqual([req.q3]);
    expect(await ids('/api/request/?review_quarter=2030-Q4')).toEqual([req.q4]);
    expect((await ids('/api/request/?review_quarter__in=2030-Q3,2031-Q1')).sort()).toEqual(
      [req.q3, req.q1].sort(),
    );
    for (const bad of ['2030-Q5', '2018-Q3', 'soon', '']) {
      const response = await get(`/api/request/?review_quarter=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(errorBody(response).review_quarter).toEqual([REQUEST_STAFF_MESSAGES.reviewQuarter]);
    }
  });

  it('filters assigned and unassigned requests', async () => {
    const assigned = await ids('/api/request/?assigned=true&limit=1000');
    expect(assigned.sort()).toEqual([req.q3, req.q4].sort());
    const unassigned = await ids('/api/request/?assigned=false&limit=1000');
    expect(unassigned).toContain(req.q1);
    expect(unassigned).not.toContain(req.q3);
    expect((await get('/api/request/?assigned=maybe')).statusCode).toBe(400);
  });

  it('filters fulfilled requests that need their compliance form (compliance_needed)', async () => {
    const needed = await ids('/api/request/?compliance_needed=true&limit=1000');
    expect(needed).toContain(req.fulfilledSoon);
    expect(needed).not.toContain(req.fulfilledLater);
    expect(needed).not.toContain(req.q1);
    const notNeeded = await ids('/api/request/?compliance_needed=false&limit=1000');
    expect(notNeeded).toContain(req.fulfilledLater);
    expect(notNeeded).toContain(req.expiresEarly);
    expect(notNeeded).not.toContain(req.fulfilledSoon);
    expect((await get('/api/request/?compliance_needed=x')).statusCode).toBe(400);
  });

  it('groups requests by kind (grouping) and filters Research Match requests by cohort', async () => {
    expect((await ids('/api/request/?grouping=recontacting')).sort()).toEqual(
      [req.rmSpark, req.rmOther].sort(),
    );
    expect(await ids('/api/request/?grouping=tissue')).toEqual([req.tissue]);
    expect((await ids('/api/request/?grouping__in=recontacting,tissue')).sort()).toEqual(
      [req.rmSpark, req.rmOther, req.tissue].sort(),
    );
    const bad = await get('/api/request/?grouping=colour');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).grouping).toEqual([
      'Choose one of: dataset, biospecimen, funding, recontacting, tissue.',
    ]);

    expect(await ids('/api/request/?recontacting_cohort=1')).toEqual([req.rmSpark]);
    expect((await ids('/api/request/?recontacting_cohort__in=1,2')).sort()).toEqual(
      [req.rmSpark, req.rmOther].sort(),
    );
    expect((await get('/api/request/?recontacting_cohort=one')).statusCode).toBe(400);
  });

  it("keeps a reviewer's filters within their own assignments", async () => {
    expect(await ids('/api/request/?assigned=true&limit=1000', reviewer.token)).toEqual([req.q3]);
    expect(await ids(`/api/request/?reviews__user=${colleague.id}`, reviewer.token)).toEqual([]);
    // An unassigned request stays out of reach, whatever the filter.
    await db().delete(requestReviewers).where(eq(requestReviewers.requestId, req.q3!));
    expect(await ids('/api/request/?limit=1000', reviewer.token)).toEqual([]);
    await db().insert(requestReviewers).values({ requestId: req.q3!, userId: reviewer.id });
    const [row] = await db().select().from(requests).where(eq(requests.id, req.q3!));
    expect(row!.statusId).toBe(3);
  });
});
