import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { emailLogs } from '../../db/schema';
import { queueEmail } from '../mail/outbox';
import { sql } from 'drizzle-orm';
import { auth, createTestContext, errorBody, testConfig, type TestContext } from '../../../test/test-app';

/** The Prometheus endpoint (decision 124): off without METRICS_TOKEN, bearer-only with it. */
const METRICS_TOKEN = 'scraper-token-for-the-tests';
let t: TestContext;
/** The same server without METRICS_TOKEN. */
let off: FastifyInstance;

beforeAll(async () => {
  t = await createTestContext({ config: { METRICS_TOKEN } });
  off = await buildApp({ config: testConfig(), database: t.database });
});
afterAll(async () => {
  await off.close();
  await t.close();
});

const scrape = (token?: string, app = t.app) =>
  app.inject({ url: '/api/metrics/', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/metrics/', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const response = await scrape(METRICS_TOKEN, off);
    expect(response.statusCode).toBe(404);
    errorBody(response);
  });

  it('refuses a scraper without the token, with a wrong one, or with a user session', async () => {
    const superuser = await t.tokenForRole('superuser');
    for (const response of [
      await scrape(),
      await scrape('not-the-scraper-token-at-all'),
      await scrape(`${METRICS_TOKEN}x`),
      await t.app.inject({ url: '/api/metrics/', headers: auth(superuser) }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(errorBody(response)).toMatchObject({ detail: 'A valid metrics token is required.' });
    }
  });

  it('answers Prometheus text: requests per route pattern, errors, the outbox and the database pool', async () => {
    const token = await t.tokenForRole('primary_researcher');
    await t.app.inject({ url: '/api/project/', headers: auth(token) });
    await t.app.inject({ url: '/api/project/987654/', headers: auth(token) });
    await t.app.inject({ url: '/api/project/987655/', headers: auth(token) });
    await queueEmail(t.database.db, { to: ['a@example.test'], subject: 'S', text: 'T', template: 'test' });
    await t.database.db.update(emailLogs).set({ created: sql`now() - interval '90 seconds'` });

    const response = await scrape(METRICS_TOKEN);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain(
      'rrp_http_request_duration_seconds_count{method="GET",route="/api/project/",status_code="200"} 1',
    );
    // One series for the route pattern, never one per id.
    expect(text).toContain(
      'rrp_http_request_duration_seconds_count{method="GET",route="/api/project/:id/",status_code="404"} 2',
    );
    expect(text).not.toContain('987654');
    expect(text).toContain(
      'rrp_http_errors_total{method="GET",route="/api/project/:id/",status_class="4xx"} 2',
    );
    expect(text).toMatch(
      /rrp_http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/project\/"/,
    );
    expect(text).toContain('rrp_email_outbox_depth{status="queued"} 1');
    expect(text).toContain('rrp_email_outbox_depth{status="failed"} 0');
    const age = Number(/^rrp_email_outbox_oldest_age_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(600);
    expect(text).toMatch(/rrp_db_pool_connections\{state="max"\} \d+/);
    expect(text).toMatch(/rrp_db_pool_connections\{state="waiting"\} 0/);
    expect(text).toContain('rrp_process_resident_memory_bytes');
  });
});
