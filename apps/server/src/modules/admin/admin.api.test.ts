import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { history } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

/** A local stand-in for an external service: answers with the status it is told to. */
function fakeService(status: number): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(status).end('fake'));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`, server }),
    ),
  );
}

let t: TestContext;
let healthy: { url: string; server: Server };
let failing: { url: string; server: Server };
let superuser: string;

beforeAll(async () => {
  healthy = await fakeService(200);
  failing = await fakeService(503);
  t = await createTestContext({
    config: { GLOBUS_URL: healthy.url, BINS_URL: failing.url, ABN_URL: 'http://127.0.0.1:1/closed' },
  });
  superuser = await t.tokenForRole('superuser');
});
afterAll(async () => {
  await t.close();
  healthy.server.close();
  failing.server.close();
});

describe('GET /api/health/', () => {
  it('answers 200 with the database state, signed out', async () => {
    const response = await t.app.inject({ url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      database_kind: expect.stringMatching(/^(pglite|postgres)$/),
      virus_scan: 'not configured',
      // The test server is in no instance registry (main.ts registers real ones).
      file_storage: 'local',
      instances: 0,
    });
  });
});

describe('GET /api/health-check/?service=', () => {
  const check = async (service: string, token = superuser) =>
    t.app.inject({ url: `/api/health-check/?service=${service}`, headers: auth(token) });

  it('reports a reachable service as ok, a failing or closed one as down, an unset one as not configured', async () => {
    expect((await check('GLOBUS')).json()).toMatchObject({
      service: 'GLOBUS',
      status: 'ok',
      detail: 'HTTP 200',
    });
    expect((await check('BINS')).json()).toMatchObject({
      service: 'BINS',
      status: 'down',
      detail: 'HTTP 503',
    });
    expect((await check('ABN')).json()).toMatchObject({ service: 'ABN', status: 'down' });
    // Without Zendesk credentials the staff panel shows demo tickets; the check says so.
    expect((await check('ZENDESK_API')).json()).toEqual({
      service: 'ZENDESK_API',
      status: 'not configured',
      detail: 'The staff panel shows local demo tickets (1001–1003).',
      elapsed_ms: null,
    });
    expect((await check('GPF')).json()).toMatchObject({ status: 'not configured', detail: null });
  });

  it('never reveals the configured URL', async () => {
    expect((await check('GLOBUS')).body).not.toContain('127.0.0.1');
  });

  it('refuses an unknown service and non-superusers', async () => {
    const unknown = await check('FTP');
    expect(unknown.statusCode).toBe(400);
    expect(errorBody(unknown).service).toBeDefined();
    expect((await check('GPF', await t.tokenForRole('portal_admin'))).statusCode).toBe(403);
  });
});

describe('feature toggles and meta-data', () => {
  it('lists enabled toggles to any signed-in user', async () => {
    const token = await t.tokenForRole('primary_researcher');
    const response = await t.app.inject({ url: '/api/feature-toggle/?enabled=True', headers: auth(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 0, results: [] });
    const all = await t.app.inject({ url: '/api/feature-toggle/', headers: auth(token) });
    expect(all.json().results.map((f: { feature_code: string }) => f.feature_code)).toEqual([
      'abn_epic',
      'biospecimen_epic',
    ]);
  });

  it('lets only a superuser switch a feature', async () => {
    const researcher = await t.tokenForRole('primary_researcher');
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/feature-toggle/2/',
      headers: auth(researcher),
      payload: { enabled: true },
    });
    expect(refused.statusCode).toBe(403);
    const done = await t.app.inject({
      method: 'PATCH',
      url: '/api/feature-toggle/2/',
      headers: auth(superuser),
      payload: { enabled: true },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id: 2, feature_code: 'biospecimen_epic', enabled: true });
  });

  it('lists abn_epic under enabled=True once a superuser switches it on, audited in history', async () => {
    const researcher = await t.tokenForRole('primary_researcher');
    const abn = (
      await t.app.inject({ url: '/api/feature-toggle/?feature_code=abn_epic', headers: auth(superuser) })
    ).json().results[0] as { id: number };
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/feature-toggle/${abn.id}/`,
      headers: auth(superuser),
      payload: { enabled: true },
    });
    expect(on.statusCode).toBe(200);
    const enabled = await t.app.inject({
      url: '/api/feature-toggle/?enabled=True',
      headers: auth(researcher),
    });
    expect(enabled.json().results).toContainEqual({ id: abn.id, feature_code: 'abn_epic', enabled: true });
    const changes = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'feature-toggle'), eq(history.objectId, String(abn.id))));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      action: 'update',
      changedFields: ['enabled'],
      data: { enabled: true },
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/feature-toggle/${abn.id}/`,
      headers: auth(superuser),
      payload: { enabled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/feature-toggle/?enabled=maybe', headers: auth(researcher) }))
        .statusCode,
    ).toBe(400);
  });

  it('serves the enabled meta-data version publicly', async () => {
    const response = await t.app.inject({ url: '/api/meta-data/?enabled=True' });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      { id: expect.any(Number), version: expect.any(String), enabled: true },
    ]);
  });
});

describe('GET /api/client-config/', () => {
  it('tells the browser the product names and no ORCID when it is not configured', async () => {
    const response = await t.app.inject({ url: '/api/client-config/' });
    expect(response.json()).toEqual({
      product_name: 'Research Resource Portal',
      support_email: 'support@portal.test',
      orcid: null,
      recaptcha: null,
      sentry_dsn: null,
    });
  });
});
