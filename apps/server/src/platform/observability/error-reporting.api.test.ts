import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { seedReferenceData } from '../../db/seed';
import { AppError } from '../http/errors';
import { startFakeHttp } from '../../../test/fake-http';
import { openTestDatabase, testConfig } from '../../../test/test-app';
import type { Database } from '../db/database';

/**
 * With SENTRY_DSN set, a server error reaches the error tracker (here a local HTTP stand-in for
 * Sentry's ingest) tagged with its correlation id, and without personal data (decision 123).
 */
let ingest: Awaited<ReturnType<typeof startFakeHttp>>;
let database: Database;
let app: FastifyInstance;
const PERSON = 'grace.hopper@example.org';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjo0Mn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

beforeAll(async () => {
  ingest = await startFakeHttp(() => ({ json: { id: 'accepted' } }));
  const dsn = `${ingest.url.replace('http://', 'http://publickey@')}/42`;
  database = await openTestDatabase();
  await seedReferenceData(database.db);
  app = await buildApp({ config: testConfig({ SENTRY_DSN: dsn }), database });
  // Routes that fail the way a bug would, with personal data in the error and the request.
  app.post('/api/test-failure/', { config: { access: 'public' } }, () => {
    throw new Error(`no account row for ${PERSON} (token ${TOKEN})`);
  });
  app.get('/api/test-unavailable/', { config: { access: 'public' } }, () => {
    throw new AppError(503, 'Storage is unreachable.');
  });
  app.get('/api/test-refusal/', { config: { access: 'public' } }, () => {
    throw new AppError(409, 'Refused.');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await ingest.close();
});

/** Sentry envelopes: newline-separated JSON (a header, then item header and item pairs). */
function eventsIn(bodies: string[]) {
  return bodies.flatMap((body) => {
    const lines = body.split('\n').filter(Boolean);
    const events: Record<string, unknown>[] = [];
    for (let i = 1; i + 1 < lines.length; i += 2) {
      const header = JSON.parse(lines[i]!) as { type?: string };
      if (header.type === 'event') events.push(JSON.parse(lines[i + 1]!) as Record<string, unknown>);
    }
    return events;
  });
}

async function eventsArrived(count: number) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const events = eventsIn(ingest.requests.map((request) => request.body));
    if (events.length >= count) return events;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected ${count} error events, got ${ingest.requests.length} requests`);
}

describe('error reporting', () => {
  it('tells the browser where to report, and lets it connect there', async () => {
    const config = await app.inject({ url: '/api/client-config/' });
    expect(config.json().sentry_dsn).toBe(`${ingest.url.replace('http://', 'http://publickey@')}/42`);
    expect(config.headers['content-security-policy']).toContain(`connect-src 'self' ${ingest.url}`);
  });

  it('sends a 500 with its correlation id, route and method, and no personal data', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/test-failure/?email=${encodeURIComponent(PERSON)}`,
      headers: { authorization: `JWT ${TOKEN}`, cookie: `session=${TOKEN}` },
      payload: { email: PERSON, password: 'Secret-Password-1!' },
    });
    expect(response.statusCode).toBe(500);
    const correlationId = response.headers['x-correlation-id'];

    const [event] = await eventsArrived(1);
    expect(ingest.requests[0]!.url).toMatch(/^\/api\/42\/envelope\//);
    expect(event).toMatchObject({
      level: 'error',
      tags: {
        correlation_id: correlationId,
        route: '/api/test-failure/',
        method: 'POST',
        status_code: '500',
      },
      exception: {
        values: [
          expect.objectContaining({ type: 'Error', value: 'no account row for [email] (token [token])' }),
        ],
      },
    });
    const sent = ingest.requests.map((request) => request.body).join('\n');
    for (const personal of [PERSON, TOKEN, 'Secret-Password-1!', 'grace.hopper']) {
      expect(sent).not.toContain(personal);
    }
    expect(event).not.toHaveProperty('user');
    expect(event).not.toHaveProperty('request');
  });

  it('reports other server errors (503) but not refusals (4xx)', async () => {
    const before = eventsIn(ingest.requests.map((request) => request.body)).length;
    expect((await app.inject({ url: '/api/test-refusal/' })).statusCode).toBe(409);
    const unavailable = await app.inject({ url: '/api/test-unavailable/' });
    expect(unavailable.statusCode).toBe(503);
    const events = await eventsArrived(before + 1);
    // Give a wrongly reported 409 the time to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = eventsIn(ingest.requests.map((request) => request.body)).slice(before);
    expect(after).toHaveLength(1);
    expect(events[before]).toMatchObject({
      tags: { correlation_id: unavailable.headers['x-correlation-id'], status_code: '503' },
    });
  });
});
