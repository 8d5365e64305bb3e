import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REQUEST_STAFF_MESSAGES, REVIEW_MESSAGES, type ReviewUsersDto } from '@rrp/domain';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { createProject, createRequest } from '../../db/factories';
import { history, requestReviewers, requests } from '../../db/schema';

/**
 * Issue 29 item 8a: staff §7 `POST review` (request, reviewer, reviewer_role, other, score blocks)
 * sent by staff with an empty review assigns the reviewer, as `PUT request/{id}/review_users/`
 * does; the review delete action (request, reviewer, role) takes one off, except once the request
 * is Approved or Rejected. Each call sends exactly the spec's payload.
 */
let t: TestContext;
type Person = { id: number; email: string; token: string };
let admin: Person;
let rmAdmin: Person;
let manager: Person;
let internal: Person;
let external: Person;
let abnReviewer: Person;
let projectId: number;

const db = () => t.database.db;
const call = (method: 'POST' | 'PUT' | 'GET', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
const CRITERIA = ['research', 'engagement', 'feasibility', 'alignment', 'scientific', 'community'];
/** The spec's POST review with its score blocks left empty: the assignment. */
const emptyReview = (request: number, reviewer: number, reviewer_role: number) => ({
  request,
  reviewer,
  reviewer_role,
  other: {},
  ...Object.fromEntries(CRITERIA.map((name) => [name, { score: null, strengths: '', weaknesses: '' }])),
});
const assigned = async (requestId: number) =>
  (
    await db()
      .select({ userId: requestReviewers.userId, role: requestReviewers.reviewerRole })
      .from(requestReviewers)
      .where(eq(requestReviewers.requestId, requestId))
  ).sort((a, b) => a.userId - b.userId);

async function person(roles: Parameters<TestContext['createUser']>[0]['roles'], firstName: string) {
  const user = await t.createUser({ roles, firstName, lastName: 'Staff' });
  return { ...user, token: await t.tokenFor(user.email) };
}

const application = (statusId = 2) =>
  createRequest(db(), { projectId, typeId: 4, statusId, displayName: 'RM application' });

beforeAll(async () => {
  t = await createTestContext();
  admin = await person(['portal_admin'], 'Ada');
  rmAdmin = await person(['rm_admin'], 'Rex');
  manager = await person(['abn_proj_mgr'], 'Max');
  internal = await person(['internal_reviewer'], 'Ina');
  external = await person(['external_reviewer'], 'Eve');
  abnReviewer = await person(['abn_reviewer'], 'Abe');
  const owner = await t.createUser({ roles: ['primary_researcher'] });
  projectId = (await createProject(db(), { ownerId: owner.id, title: 'Assignments' })).id;
}, 120_000);
afterAll(() => t.close());

describe('POST review by staff: an empty review assigns the reviewer (issue 29 item 8a)', () => {
  it('assigns a Research Match reviewer in the role sent, audited, for administrators of both kinds', async () => {
    const app = await application();
    const byAdmin = await call('POST', '/api/review/', admin.token, emptyReview(app.id, internal.id, 1));
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json<ReviewUsersDto>().review_users).toMatchObject([
      { id: internal.id, reviewer_role: 1, reviewer_role_name: 'Primary Reviewer' },
    ]);
    const byRmAdmin = await call('POST', '/api/review/', rmAdmin.token, emptyReview(app.id, external.id, 2));
    expect(byRmAdmin.statusCode, byRmAdmin.body).toBe(201);
    expect(await assigned(app.id)).toEqual(
      [
        { userId: internal.id, role: 1 },
        { userId: external.id, role: 2 },
      ].sort((a, b) => a.userId - b.userId),
    );
    const audit = await db()
      .select()
      .from(history)
      .where(eq(history.objectId, String(app.id)));
    const changes = audit.filter((entry) => entry.model === 'request' && entry.action === 'update');
    expect(changes.map((entry) => entry.changedFields)).toEqual([['review_users'], ['review_users']]);
  });

  it('assigns a tissue reviewer for a tissue project manager, the same as review_users', async () => {
    const request = await createRequest(db(), { projectId, typeId: 8, statusId: 2 });
    const response = await call('POST', '/api/review/', manager.token, {
      request: request.id,
      reviewer: abnReviewer.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await assigned(request.id)).toEqual([{ userId: abnReviewer.id, role: null }]);
  });

  it('applies the staff panel’s rules: reviewer groups, one primary, scores refused; nothing stored', async () => {
    const app = await application();
    await call('POST', '/api/review/', admin.token, emptyReview(app.id, internal.id, 1));
    const notRm = await call('POST', '/api/review/', admin.token, emptyReview(app.id, abnReviewer.id, 3));
    expect(notRm.statusCode).toBe(400);
    const secondPrimary = await call(
      'POST',
      '/api/review/',
      admin.token,
      emptyReview(app.id, external.id, 1),
    );
    expect(secondPrimary.statusCode).toBe(400);
    expect(errorBody(secondPrimary).users).toEqual([REVIEW_MESSAGES.onePrimary]);
    const scored = await call('POST', '/api/review/', admin.token, {
      ...emptyReview(app.id, external.id, 2),
      research: { score: 4, strengths: 'Strong', weaknesses: '' },
    });
    expect(scored.statusCode).toBe(400);
    expect(errorBody(scored).non_field_errors).toEqual([REVIEW_MESSAGES.assignmentUnscored]);
    expect(await assigned(app.id)).toEqual([{ userId: internal.id, role: 1 }]);
  });

  it('still refuses reviewers naming someone else, and keeps their own POST review as scoring', async () => {
    const app = await application();
    await call('POST', '/api/review/', admin.token, emptyReview(app.id, internal.id, 1));
    const forOther = await call('POST', '/api/review/', internal.token, emptyReview(app.id, external.id, 2));
    expect(forOther.statusCode).toBe(403);
    expect(errorBody(forOther).detail).toBe(REVIEW_MESSAGES.ownReviewOnly);
    // Their own review goes through the scoring rules (here: the conflict question comes first).
    const own = await call('POST', '/api/review/', internal.token, {
      request: app.id,
      research: { score: 3 },
    });
    expect(own.statusCode).toBe(400);
    expect(errorBody(own).non_field_errors).toEqual([REVIEW_MESSAGES.conflictFirst]);
    expect(await assigned(app.id)).toEqual([{ userId: internal.id, role: 1 }]);
  });
});

describe('the review delete action (issue 29 item 8a)', () => {
  it('takes a reviewer off with the spec’s payload (request, reviewer, role)', async () => {
    const app = await application();
    await call('POST', '/api/review/', admin.token, emptyReview(app.id, internal.id, 1));
    await call('POST', '/api/review/', admin.token, emptyReview(app.id, external.id, 2));
    const removed = await call('POST', '/api/review/delete/', rmAdmin.token, {
      request: app.id,
      reviewer: external.id,
      role: 2,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<ReviewUsersDto>().review_users.map((user) => user.id)).toEqual([internal.id]);
  });

  it('is refused once the request is Approved or Rejected, keeping the reviewers', async () => {
    for (const status of [4, 5]) {
      const app = await application();
      await call('POST', '/api/review/', admin.token, emptyReview(app.id, internal.id, 1));
      await db()
        .update(requests)
        .set({ statusId: status, reviewersLocked: status === 5 })
        .where(eq(requests.id, app.id));
      const refused = await call('POST', '/api/review/delete/', admin.token, {
        request: app.id,
        reviewer: internal.id,
        role: 1,
      });
      expect(refused.statusCode).toBe(400);
      expect(errorBody(refused).non_field_errors).toEqual([
        status === 4 ? REQUEST_STAFF_MESSAGES.removalAfterDecision : REQUEST_STAFF_MESSAGES.reviewersLocked,
      ]);
      expect(await assigned(app.id)).toEqual([{ userId: internal.id, role: 1 }]);
    }
  });
});
