import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  can,
  mayAdministerAccount,
  mayAttempt,
  mayGrantRole,
  ROLE_KEYS,
  type Actor,
  type RoleKey,
} from '@rrp/domain';
import type { RegisteredRoute } from '../src/platform/http/access';
import {
  createDataset,
  createDatasetAccess,
  createProject,
  createRenewal,
  createRequest,
} from '../src/db/factories';
import { seedDemoTissue } from '../src/db/demo-tissue';
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

describe('permission walk over the grant matrix (issue 29)', () => {
  it('creates, changes the identity of and acts as an account of each role as the grant matrix says', async () => {
    const targets = new Map<RoleKey, { id: number; email: string }>();
    for (const role of ROLE_KEYS) targets.set(role, await t.createUser({ roles: [role] }));
    const mismatches: string[] = [];
    let sent = 0;
    const send = (method: 'POST' | 'PATCH', url: string, token: string | null, payload: object) => {
      const remoteAddress = `10.51.${(sent >> 8) & 255}.${(sent += 1) & 255}`;
      return t.app.inject({ method, url, headers: token ? auth(token) : {}, payload, remoteAddress });
    };
    const check = (what: string, expected: number[], { statusCode }: { statusCode: number }) =>
      expected.includes(statusCode) || mismatches.push(`${what}: expected ${expected}, got ${statusCode}`);
    // The walk above ends every session of its users (logout): the granters sign in afresh.
    const signIn = async (role: RoleKey) => {
      const user = await t.createUser({ roles: [role] });
      return {
        actor: { userId: user.id, role, roles: [role] } satisfies Actor,
        token: await t.tokenFor(user.email),
      };
    };
    const superuser = (await signIn('superuser')).token;
    for (const granter of ROLE_KEYS) {
      const { actor, token } = await signIn(granter);
      for (const role of ROLE_KEYS) {
        const target = targets.get(role)!;
        const email = `walk-${granter}-${role}@example.test`;
        const created = await send('POST', '/api/user/', token, {
          first_name: 'W',
          last_name: 'G',
          email,
          groups: [role],
        });
        const createAnswer = !can(actor, 'create', 'User') ? 403 : mayGrantRole(granter, role) ? 201 : 400;
        check(`${granter} creates ${role}`, [createAnswer], created);
        const mayEdit = mayAdministerAccount(granter, [role]);
        const editAnswer = can(actor, 'update', 'User') ? [mayEdit ? 200 : 403] : [403, 404];
        for (const body of [{ email: `walk-${granter}-${role}-new@example.test` }, { active: false }]) {
          const edited = await send('PATCH', `/api/user/${target.id}/`, token, body);
          check(`${granter} edits ${role} ${Object.keys(body)[0]}`, editAnswer, edited);
          if (edited.statusCode === 200 && 'active' in body)
            await send('PATCH', `/api/user/${target.id}/`, superuser, { active: true });
        }
        const actedAs = await send('POST', '/api/api-token-auth/', null, { email: target.email, token });
        // Nobody acts as a superuser or administrator lead (decision 012), whatever they may grant.
        const mayActAs = mayEdit && role !== 'superuser' && role !== 'portal_admin_lead';
        const impersonates = can(actor, 'create', 'Impersonation');
        check(`${granter} acts as ${role}`, [!impersonates ? 403 : mayActAs ? 200 : 400], actedAs);
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});

describe('owners read their own things (issue 30.3)', () => {
  it('the owner of a collection reads its donors, with or without the catalogue; other researchers do not', async () => {
    const { db } = t.database;
    await db.transaction((tx) => seedDemoTissue(tx));
    const owner = await t.createUser({ roles: ['primary_researcher'] });
    const ownerToken = await t.tokenFor(owner.email);
    const project = await createProject(db, { ownerId: owner.id, title: 'Tissue owner project' });
    const request = await createRequest(db, { projectId: project.id, typeId: 8, statusId: 2 });
    const manager = await t.tokenFor((await t.createUser({ roles: ['abn_proj_mgr'] })).email);
    const get = (url: string, token: string) => t.app.inject({ url, headers: auth(token) });
    const donors = (await get('/api/abn_data/?limit=3&restricted=false', manager)).json<{
      results: { donor_hash: string }[];
    }>().results;
    // Tissue staff build the collection for the researcher, on their request (staff §6 abn_proj_mgr).
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/abn_cart/',
      headers: auth(manager),
      payload: {
        collection_name: 'Built by the manager',
        pi: owner.id,
        request: request.id,
        identifiers: donors.map((donor) => donor.donor_hash),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const cartId = made.json<{ id: number }>().id;

    // The owner has no Autism BrainNet data access: the catalogue stays closed, their collection does not.
    expect((await get('/api/abn_data/', ownerToken)).statusCode).toBe(403);
    const own = await get(`/api/abn_data/?cart=${cartId}`, ownerToken);
    expect(own.statusCode, own.body).toBe(200);
    expect(
      own
        .json<{ results: { donor_hash: string }[] }>()
        .results.map((d) => d.donor_hash)
        .sort(),
    ).toEqual(donors.map((donor) => donor.donor_hash).sort());
    // Its page's filter panel and each of its donors' pages open for the owner too.
    expect((await get('/api/abn_data/options/', ownerToken)).statusCode).toBe(403);
    const options = await get(`/api/abn_data/options/?cart=${cartId}`, ownerToken);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json<{ diagnosis: unknown[] }>().diagnosis.length).toBeGreaterThan(0);
    const donorPage = await get(`/api/abn_donor/?donor_hash=${donors[0]!.donor_hash}`, ownerToken);
    expect(donorPage.statusCode, donorPage.body).toBe(200);
    const outside = (await get('/api/abn_data/?limit=1&offset=50', manager)).json<{
      results: { donor_hash: string }[];
    }>().results[0]!;
    expect((await get(`/api/abn_donor/?donor_hash=${outside.donor_hash}`, ownerToken)).statusCode).toBe(403);
    // Another researcher, with or without catalogue access, does not learn it exists.
    const stranger = await t.tokenFor((await t.createUser({ roles: ['primary_researcher'] })).email);
    expect((await get(`/api/abn_data/?cart=${cartId}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/abn_data/options/?cart=${cartId}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/abn_donor/?donor_hash=${donors[0]!.donor_hash}`, stranger)).statusCode).toBe(403);
    expect((await get('/api/abn_data/options/?cart=x', ownerToken)).statusCode).toBe(400);
  });
});
