import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, mayAttempt, ROLE_KEYS, type Actor, type RoleKey } from '@rrp/domain';
import type { RegisteredRoute } from '../src/platform/http/access';
import {
  createDataset,
  createDatasetAccess,
  createProject,
  createRenewal,
  createRequest,
} from '../src/db/factories';
import { auth, createTestContext, type TestContext } from './test-app';

/**
 * Walks every registered API route with every role, and signed out, and checks each answer
 * against the permission table. A route added later is covered the day it is registered.
 */
let t: TestContext;
const tokens = new Map<RoleKey, string>();
const userIds = new Map<RoleKey, number>();
/** Routes that destroy their object are walked on a throwaway one instead of id 1 (which every role's user belongs to). */
const fixtureIds = new Map<string, number>();

beforeAll(async () => {
  t = await createTestContext();
  for (const role of ROLE_KEYS) {
    const user = await t.createUser({ roles: [role] });
    userIds.set(role, user.id);
    tokens.set(role, await t.tokenFor(user.email));
  }
  // The researcher's project, walked by the project routes; deletion takes a throwaway one.
  const researcherId = userIds.get('primary_researcher')!;
  const project = await createProject(t.database.db, {
    ownerId: researcherId,
    title: 'Permission walk project',
  });
  for (const route of ['GET /api/project/:id/', 'PATCH /api/project/:id/']) fixtureIds.set(route, project.id);
  fixtureIds.set(
    'DELETE /api/project/:id/',
    (await createProject(t.database.db, { ownerId: researcherId })).id,
  );
  // A dataset (with an access record of the researcher) for the catalogue routes.
  const dataset = await createDataset(t.database.db, { name: 'Permission walk dataset' });
  for (const route of [
    'GET /api/dataset/:id/',
    'PATCH /api/dataset/:id/',
    'POST /api/dataset/:id/new_version/',
    'GET /api/public/dataset/:id/',
    'GET /api/dataset/:id/researchers/',
  ]) {
    fixtureIds.set(route, dataset.id);
  }
  const access = await createDatasetAccess(t.database.db, {
    userId: researcherId,
    datasetId: dataset.id,
    accessType: 'AWS',
  });
  for (const route of ['GET /api/datasetaccess/:id/', 'PATCH /api/datasetaccess/:id/']) {
    fixtureIds.set(route, access.id);
  }
  // A request of the researcher for the request routes; deletion takes a throwaway one.
  const request = await createRequest(t.database.db, { projectId: project.id, displayName: 'Walk request' });
  for (const route of ['GET /api/request/:id/', 'PATCH /api/request/:id/']) fixtureIds.set(route, request.id);
  // The staff panel of that request: reviewers, comments, Zendesk tickets.
  for (const route of [
    'PUT /api/request/:id/review_users/',
    'GET /api/request/:id/comments/',
    'POST /api/request/:id/comments/',
    'PATCH /api/request/:id/zendesk/',
  ]) {
    fixtureIds.set(route, request.id);
  }
  // Its decisions: the options, a decision's e-mail and the decision (a 400 without a body).
  for (const route of [
    'GET /api/request/:id/decisions/',
    'GET /api/request/:id/decision-email/',
    'POST /api/request/:id/decision/',
  ]) {
    fixtureIds.set(route, request.id);
  }
  // Its approval notice (a 400 until approved) and application PDFs.
  for (const route of ['GET /api/request/:id/approval_notice/', 'GET /api/request/:id/docs/'])
    fixtureIds.set(route, request.id);
  fixtureIds.set(
    'DELETE /api/request/:id/',
    (await createRequest(t.database.db, { projectId: project.id, displayName: 'Throwaway request' })).id,
  );
  // A renewal of the researcher's request for the renewal routes.
  const renewal = await createRenewal(t.database.db, { requestId: request.id });
  for (const route of ['GET /api/renewal/:id/', 'PATCH /api/renewal/:id/']) fixtureIds.set(route, renewal.id);
  fixtureIds.set('GET /api/public/user/:id/', researcherId);
  fixtureIds.set(
    'DELETE /api/institution/:id/',
    (await t.institutionWithOfficial('Permission Walk Throwaway U')).institution.id,
  );
});
afterAll(() => t.close());

type Expectation = 'open' | 'unauthenticated' | 'forbidden' | 'per-object';

function expectationFor(route: RegisteredRoute, role: RoleKey | null): Expectation {
  if (route.access === 'public') return 'open';
  const actor: Actor | null = role ? { userId: userIds.get(role)!, role, roles: [role] } : null;
  const { action, subject } = route.access;
  if (can(actor, action, subject)) return 'open';
  if (mayAttempt(actor, action, subject)) return 'per-object';
  return actor ? 'forbidden' : 'unauthenticated';
}

function matches(expectation: Expectation, status: number): boolean {
  switch (expectation) {
    case 'open':
      return status !== 401 && status !== 403 && status < 500;
    case 'per-object':
      return status !== 401 && status < 500;
    case 'unauthenticated':
      return status === 401;
    case 'forbidden':
      return status === 403;
  }
}

describe('permission walk over every API route', () => {
  it('covers the routes the app registers', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining(['POST /api/api-token-auth/', 'GET /api/user/me/', 'GET /api/history/']),
    );
  });

  it('covers the compliance page and the e-mail composer', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/institution-compliance/',
        'GET /api/institution-compliance/summary/',
        'GET /api/email/',
        'POST /api/email/',
        'GET /api/email_logs/',
      ]),
    );
  });

  it('covers the project and research-team routes', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/project/',
        'POST /api/project/',
        'GET /api/project/:id/',
        'PATCH /api/project/:id/',
        'DELETE /api/project/:id/',
        'GET /api/research-team/',
        'POST /api/research-team/',
      ]),
    );
  });

  it('covers the remote option lists of dynamic forms', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(expect.arrayContaining(['GET /api/response-selection/']));
  });

  it('covers the catalogue routes', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/dataset/',
        'POST /api/dataset/',
        'GET /api/dataset/:id/',
        'PATCH /api/dataset/:id/',
        'POST /api/dataset/:id/new_version/',
        'GET /api/dataset/:id/researchers/',
        'GET /api/sample-type/',
        'GET /api/sample-type/:id/',
        'PATCH /api/sample-type/:id/',
        'GET /api/datasetaccess/',
        'GET /api/datasetaccess/:id/',
        'POST /api/datasetaccess/',
        'PATCH /api/datasetaccess/:id/',
        'GET /api/public/dataset/',
        'GET /api/public/dataset/:id/',
        'GET /api/public/dataset/:id/data_dictionary/',
        'GET /api/public/user/',
        'GET /api/public/user/:id/',
      ]),
    );
  });

  it('covers the request routes', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/request/',
        'POST /api/request/',
        'GET /api/request/:id/',
        'PATCH /api/request/:id/',
        'DELETE /api/request/:id/',
        'POST /api/validateSamples/',
        'GET /api/request/:id/approval_notice/',
        'GET /api/request/:id/docs/',
      ]),
    );
  });

  it('covers the decision routes', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/request/:id/decisions/',
        'GET /api/request/:id/decision-email/',
        'POST /api/request/:id/decision/',
      ]),
    );
  });

  it('covers the renewal routes', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/renewal/',
        'POST /api/renewal/',
        'GET /api/renewal/:id/',
        'PATCH /api/renewal/:id/',
      ]),
    );
  });

  it('covers the request staff panel and the user list', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'PUT /api/request/:id/review_users/',
        'GET /api/request/:id/comments/',
        'POST /api/request/:id/comments/',
        'PATCH /api/request/:id/zendesk/',
        'GET /api/zendesk_ticket/',
        'GET /api/user/',
      ]),
    );
  });

  it('covers the user page, the admin user form and a user’s contacts', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/user/download/',
        'GET /api/user/:id/',
        'PATCH /api/user/:id/',
        'POST /api/user/',
        'POST /api/user/create_user/',
        'POST /api/user/:id/resend_email/',
        'GET /api/user-email/',
        'GET /api/user-email/:id/',
        'GET /api/user-phone/',
        'GET /api/user-phone/:id/',
        'POST /api/user-institution/',
        'PATCH /api/user-institution/:id/',
      ]),
    );
  });

  it('covers the institution helper and the single-object GETs of every list', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/institution-helper/',
        'PATCH /api/institution-helper/',
        'GET /api/user-institution/:id/',
        'GET /api/cohort/:id/',
        'GET /api/meta-data/:id/',
        'GET /api/feature-toggle/:id/',
        'GET /api/history/:id/',
        'GET /api/email_logs/:id/',
        'GET /api/institution-compliance/:id/',
        'GET /api/research-team/:id/',
        'GET /api/notification/:id/',
      ]),
    );
  });

  it('covers the release notes and the e-mail log’s resend', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/release_note/',
        'POST /api/release_note/',
        'GET /api/release_note/:id/',
        'PATCH /api/release_note/:id/',
        'DELETE /api/release_note/:id/',
        'POST /api/email_logs/:id/resend/',
        'PATCH /api/feature-toggle/:id/',
      ]),
    );
  });

  it('covers the files routes', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/file/',
        'POST /api/file/',
        'PATCH /api/file/:id/',
        'GET /api/file/download/',
        'GET /api/file/list_files/',
      ]),
    );
  });

  it('covers the calendar feed routes', () => {
    const paths = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/user/me/calendar-feed/',
        'POST /api/user/me/calendar-feed/',
        'DELETE /api/user/me/calendar-feed/',
        'GET /api/calendar/:token.ics',
      ]),
    );
  });

  it('answers every route for every role as the permission table says', async () => {
    const mismatches: string[] = [];
    // Ending the session (logout) revokes the walk's tokens, so it is walked last.
    const endsSession = (route: RegisteredRoute) =>
      route.access !== 'public' && route.access.subject === 'Session' && route.access.action === 'delete';
    const walked = t.app.apiRoutes
      .filter((route) => route.method !== 'HEAD')
      .sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
    for (const route of walked) {
      for (const role of [null, ...ROLE_KEYS]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[A-Za-z_]+/g, String(fixtureIds.get(`${route.method} ${route.url}`) ?? 1)),
          headers: role ? auth(tokens.get(role)!) : {},
          ...(['POST', 'PATCH', 'PUT'].includes(route.method) ? { payload: {} } : {}),
          remoteAddress: `10.50.${ROLE_KEYS.indexOf(role as RoleKey) + 1}.1`,
        });
        const expectation = expectationFor(route, role);
        if (!matches(expectation, response.statusCode)) {
          mismatches.push(
            `${route.method} ${route.url} as ${role ?? 'visitor'}: expected ${expectation}, got ${response.statusCode}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(walked.length * (ROLE_KEYS.length + 1)).toBeGreaterThan(100);
    // Thousands of calls that grow with every route: the suite's 30 s per test is too short for them.
  }, 180_000);
});
