import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openPostgres, type Database } from '../src/platform/db/database';
import { auth, createTestContext, errorBody, TEST_PASSWORD, type TestContext } from './test-app';

/**
 * The server is stateless (JWT, database): a second instance on the same database serves a
 * session the first one opened, sees its writes and counts against the same limits. On the
 * PostgreSQL pass the second instance has its own connection pool, as a second process would.
 * The first instance faces clients directly; the second sits behind a proxy at PROXY (TRUST_PROXY).
 */
const PROXY = '10.0.0.1';
let t: TestContext;
let second: FastifyInstance;
let secondDatabase: Database | null = null;

beforeAll(async () => {
  t = await createTestContext();
  secondDatabase = t.database.url ? await openPostgres(t.database.url, { poolSize: 3 }) : null;
  second = await buildApp({
    config: { ...t.config, trustProxy: [PROXY] },
    database: secondDatabase ?? t.database,
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await secondDatabase?.close();
  await t.close();
});

describe('two instances on one database', () => {
  it('share sessions and data', async () => {
    const token = await t.tokenForRole('superuser');
    const me = await second.inject({ url: '/api/user/me/', headers: auth(token) });
    expect(me.statusCode).toBe(200);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/feature-toggle/1/',
      headers: auth(token),
      payload: { enabled: true },
    });
    expect(patched.statusCode).toBe(200);
    const seen = await second.inject({ url: '/api/feature-toggle/?enabled=true', headers: auth(token) });
    expect(seen.json().results.map((f: { feature_code: string }) => f.feature_code)).toEqual(['abn_epic']);
  });

  it('count failed sign-ins per account together, whatever X-Forwarded-For says', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    const attempt = (i: number, password: string) =>
      (i % 2 ? second : t.app).inject({
        method: 'POST',
        url: '/api/api-token-auth/',
        payload: { email: user.email, password },
        // Not the proxy: a forged header, which used to make every guess a new client.
        remoteAddress: '10.50.0.9',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(i, 'Wrong-Password-1!')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    expect((await attempt(11, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await attempt(12, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it("share a route's flood limit, which a forged X-Forwarded-For does not reset", async () => {
    const call = (i: number) =>
      (i % 2 ? second : t.app).inject({
        url: '/api/verify-invitation/?token=nothing',
        remoteAddress: '10.50.0.10',
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
      });
    for (let i = 0; i < 60; i++) expect((await call(i)).statusCode).not.toBe(429);
    const limited = await call(60);
    expect(limited.statusCode).toBe(429);
    expect(errorBody(limited).detail).toMatch(/Rate limit exceeded/);
    expect((await call(61)).statusCode).toBe(429);
  });

  it('believe forwarded headers only from the configured proxy', async () => {
    const viaProxy = (client: string, headers: Record<string, string> = {}) =>
      second.inject({
        url: '/api/verify-invitation/?token=nothing',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': client, ...headers },
      });
    for (let i = 0; i < 60; i++) await viaProxy('192.0.2.1');
    expect((await viaProxy('192.0.2.1')).statusCode).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect((await viaProxy('192.0.2.2')).statusCode).toBe(400);

    // HSTS only over HTTPS: as the trusted proxy reports it, never as any client claims it.
    const https = { 'x-forwarded-proto': 'https' };
    expect((await viaProxy('192.0.2.3', https)).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await viaProxy('192.0.2.3')).headers['strict-transport-security']).toBeUndefined();
    const forged = await t.app.inject({ url: '/api/health/', remoteAddress: '10.50.0.11', headers: https });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
