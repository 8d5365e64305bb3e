import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, arrayContains, eq } from 'drizzle-orm';
import {
  TISSUE_CYCLE_MESSAGES,
  TISSUE_REVIEW_DEFAULT_DAYS,
  type RequestTissueReviewsDto,
  type TissueReviewDto,
} from '@rrp/domain';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { createProject, createRequest } from '../../db/factories';
import { emailLogs, requests, tissueReviews } from '../../db/schema';

/**
 * Issue 29 item 3 and 8e: a reviewer taken off a tissue request neither reads nor scores their
 * review, and their draft drops out of the staff's list and averages; a decision moving a tissue
 * request to Under Review (`PATCH request/{id}/ {status: 3}`), by an administrator or a tissue
 * project manager alike, does what Begin Review does.
 */
let t: TestContext;
let admin: string;
let manager: string;
let projectId: number;
type Person = { id: number; email: string; token: string };
let first: Person;
let second: Person;

const db = () => t.database.db;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), payload });
const newTissueRequest = (typeId = 8) =>
  createRequest(db(), { projectId, typeId, statusId: 2, displayName: `Tissue ${typeId}` });
const statusOf = async (id: number) =>
  (await db().select().from(requests).where(eq(requests.id, id)))[0]!.statusId;
const setReviewers = (requestId: number, users: number[], token = admin, confirm?: boolean) =>
  call('PUT', `/api/request/${requestId}/review_users/`, token, { users, ...(confirm ? { confirm } : {}) });
const reviewsOf = (requestId: number) =>
  db().select().from(tissueReviews).where(eq(tissueReviews.requestId, requestId));
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function person(firstName: string): Promise<Person> {
  const user = await t.createUser({ roles: ['abn_reviewer'], firstName, lastName: 'Reviewer' });
  return { ...user, token: await t.tokenFor(user.email) };
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  manager = await t.tokenForRole('abn_proj_mgr');
  const owner = await t.createUser({ roles: ['primary_researcher'] });
  projectId = (await createProject(db(), { ownerId: owner.id, title: 'Removal' })).id;
  first = await person('Ana');
  second = await person('Ben');
}, 120_000);
afterAll(() => t.close());

/** A tissue request under review through Begin Review, with both reviewers' reviews. */
async function underReview() {
  const request = await newTissueRequest();
  expect((await setReviewers(request.id, [first.id, second.id])).statusCode).toBe(200);
  const started = await call('POST', '/api/abn_tissue/start-review/', manager, {
    requests: [request.id],
    due_date: tomorrow(),
  });
  expect(started.statusCode, started.body).toBe(200);
  const ids = async (person: Person) =>
    (
      await call('GET', `/api/request/${request.id}/tissue-reviews/`, person.token)
    ).json<RequestTissueReviewsDto>().reviews[0]!.id;
  return { request, firstReview: await ids(first), secondReview: await ids(second) };
}

describe('a reviewer taken off a tissue request (issue 29 item 3)', () => {
  it('can no longer read or submit their review, which drops out of the staff list and averages', async () => {
    const { request, firstReview, secondReview } = await underReview();
    const draft = await call('PATCH', `/api/tissue_review/${firstReview}/`, first.token, {
      importance_score: 10,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const submitted = await call('PATCH', `/api/tissue_review/${secondReview}/`, second.token, {
      importance_score: 40,
      submit: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    // Removed with the confirmation a request under review asks for.
    expect((await setReviewers(request.id, [second.id])).statusCode).toBe(409);
    expect((await setReviewers(request.id, [second.id], admin, true)).statusCode).toBe(200);

    const scored = await call('PATCH', `/api/tissue_review/${firstReview}/`, first.token, {
      importance_score: 50,
      submit: true,
    });
    expect(scored.statusCode).toBe(404);
    const [stored] = await db().select().from(tissueReviews).where(eq(tissueReviews.id, firstReview));
    expect(stored).toMatchObject({ importanceScore: 10, submittedAt: null });
    expect((await call('GET', `/api/tissue_review/${firstReview}/`, first.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/request/${request.id}/tissue-reviews/`, first.token)).statusCode).toBe(
      404,
    );

    // Staff see the assigned reviewer's review only; the removed reviewer's draft counts nowhere.
    const all = (
      await call('GET', `/api/request/${request.id}/tissue-reviews/`, admin)
    ).json<RequestTissueReviewsDto>();
    expect(all.reviews.map((review) => review.reviewer.id)).toEqual([second.id]);
    expect(all.criterion_averages.importance).toBe(40);
    expect(all.mean_score).toBe(40);
    expect((await call('GET', `/api/tissue_review/${firstReview}/`, admin)).statusCode).toBe(404);
  });

  it('keeps a submitted review on the record, read-only, and gives a draft back on reassignment', async () => {
    const { request, firstReview, secondReview } = await underReview();
    await call('PATCH', `/api/tissue_review/${firstReview}/`, first.token, { novel_score: 20 });
    await call('PATCH', `/api/tissue_review/${secondReview}/`, second.token, {
      novel_score: 30,
      submit: true,
    });
    expect((await setReviewers(request.id, [], manager, true)).statusCode).toBe(200);

    expect(
      (await call('PATCH', `/api/tissue_review/${secondReview}/`, second.token, { novel_score: 0 }))
        .statusCode,
    ).toBe(404);
    const kept = (
      await call('GET', `/api/request/${request.id}/tissue-reviews/`, manager)
    ).json<RequestTissueReviewsDto>();
    expect(kept.reviews.map((review) => [review.reviewer.id, review.novel_score, review.editable])).toEqual([
      [second.id, 30, false],
    ]);

    // Assigned again, the reviewer finds their draft where they left it.
    expect((await setReviewers(request.id, [first.id], manager)).statusCode).toBe(200);
    const back = await call('GET', `/api/tissue_review/${firstReview}/`, first.token);
    expect(back.json<TissueReviewDto>()).toMatchObject({ novel_score: 20, editable: true });
  });
});

describe('a reviewer added to a tissue request under review (issue 29 item 3)', () => {
  it('gets a review due when the others are, through review_users or POST review alike', async () => {
    const request = await newTissueRequest();
    await setReviewers(request.id, [first.id]);
    const due = tomorrow();
    await call('POST', '/api/abn_tissue/start-review/', manager, { requests: [request.id], due_date: due });
    expect((await setReviewers(request.id, [first.id, second.id], manager)).statusCode).toBe(200);
    const third = await person('Cy');
    const assigned = await call('POST', '/api/review/', admin, { request: request.id, reviewer: third.id });
    expect(assigned.statusCode, assigned.body).toBe(201);

    const opened = await reviewsOf(request.id);
    expect(opened.map((review) => review.reviewerId).sort()).toEqual([first.id, second.id, third.id].sort());
    expect(opened.every((review) => review.dueDate?.toISOString() === `${due}T12:00:00.000Z`)).toBe(true);
    const theirs = await call('GET', `/api/request/${request.id}/tissue-reviews/`, third.token);
    expect(theirs.json<RequestTissueReviewsDto>().reviews[0]).toMatchObject({ editable: true });
  });
});

describe('a decision to Under Review on a tissue request is Begin Review (issue 29 items 3, 8e)', () => {
  for (const [role, token] of [
    ['an administrator', () => admin],
    ['a tissue project manager', () => manager],
  ] as const) {
    it(`PATCH request/{id}/ {status: 3} by ${role} opens the reviews, due date and e-mails`, async () => {
      const request = await newTissueRequest(role === 'an administrator' ? 8 : 7);
      await setReviewers(request.id, [first.id, second.id]);
      const before = Date.now();
      const response = await call('PATCH', `/api/request/${request.id}/`, token(), { status: 3 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: request.id, status: 3 });

      const opened = await reviewsOf(request.id);
      expect(opened.map((review) => review.reviewerId).sort()).toEqual([first.id, second.id].sort());
      const due = new Date(before + TISSUE_REVIEW_DEFAULT_DAYS * 86_400_000);
      due.setUTCHours(12, 0, 0, 0);
      for (const review of opened) expect(review.dueDate?.toISOString()).toBe(due.toISOString());
      const mails = await db()
        .select()
        .from(emailLogs)
        .where(
          and(
            eq(emailLogs.template, 'tissue_review_start'),
            arrayContains(emailLogs.objectIds, [request.id]),
          ),
        );
      expect(
        mails
          .map((mail) => mail.to)
          .flat()
          .sort(),
      ).toEqual([first.email, second.email].sort());
      expect(mails[0]!.text).toContain(`/abn-review/${request.id}`);

      // The reviewer has something to score.
      const mine = await call('GET', `/api/request/${request.id}/tissue-reviews/`, first.token);
      expect(mine.json<RequestTissueReviewsDto>().reviews[0]).toMatchObject({ editable: true });
    });
  }

  it('refuses a tissue request without reviewers as Begin Review does, changing nothing', async () => {
    const request = await newTissueRequest();
    for (const token of [admin, manager]) {
      const refused = await call('PATCH', `/api/request/${request.id}/`, token, { status: 3 });
      expect(refused.statusCode).toBe(400);
      expect(errorBody(refused).requests).toEqual([
        TISSUE_CYCLE_MESSAGES.noReviewers([request.portalRequestId]),
      ]);
    }
    expect(await statusOf(request.id)).toBe(2);
    expect(await reviewsOf(request.id)).toEqual([]);
  });

  it('POST request/{id}/decision/ to Under Review gives the same result', async () => {
    const request = await newTissueRequest();
    await setReviewers(request.id, [second.id]);
    const response = await call('POST', `/api/request/${request.id}/decision/`, manager, { status: 3 });
    expect(response.statusCode, response.body).toBe(200);
    expect((await reviewsOf(request.id)).map((review) => review.reviewerId)).toEqual([second.id]);
  });

  it("lets the tissue project manager PATCH only a decision, not the request's fields", async () => {
    const request = await newTissueRequest();
    const edit = await call('PATCH', `/api/request/${request.id}/`, manager, {
      agreed_to_usage_policy: true,
    });
    expect(edit.statusCode).toBe(403);
    const submit = await call('PATCH', `/api/request/${request.id}/`, manager, { status: 2 });
    expect(submit.statusCode).toBe(403);
    const mixed = await call('PATCH', `/api/request/${request.id}/`, manager, {
      status: 5,
      agreed_to_usage_policy: true,
    });
    expect(mixed.statusCode).toBe(400);
    expect(await statusOf(request.id)).toBe(2);
    const [row] = await db().select().from(requests).where(eq(requests.id, request.id));
    expect(row!.agreedToUsagePolicy).toBe(false);
  });
});
