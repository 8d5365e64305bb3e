import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openPostgres, type Database } from '../src/platform/db/database';
import { auth, createTestContext, type TestContext } from './test-app';

/**
 * The server is stateless (JWT, database): a second instance on the same database serves a
 * session the first one opened, and sees its writes. On the PostgreSQL pass the second instance
 * has its own connection pool, as a second process would.
 */
let t: TestContext;
let second: FastifyInstance;
let secondDatabase: Database | null = null;

beforeAll(async () => {
  t = await createTestContext();
  secondDatabase = t.database.url ? await openPostgres(t.database.url, { poolSize: 3 }) : null;
  second = await buildApp({ config: t.config, database: secondDatabase ?? t.database });
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
});
