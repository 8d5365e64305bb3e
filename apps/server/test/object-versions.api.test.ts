import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { history } from '../src/db/schema';
import { VERSION_CASES as FIRST_CASES } from './object-versions.cases';
import { MORE_VERSION_CASES } from './object-versions.more-cases';
import { auth, createTestContext, type TestContext } from './test-app';

/**
 * Issue 33 part 3, DESIGN.md §1: every object route with a PATCH, PUT or DELETE answers an ETag on
 * its GET and honours If-Match on its writes: a stale version is a 412 with the object as it is
 * now, and nothing changes.
 */
let t: TestContext;
const VERSION_CASES = [...FIRST_CASES, ...MORE_VERSION_CASES];
beforeAll(async () => {
  // The webhook case subscribes a local address.
  t = await createTestContext({ config: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' } });
});
afterAll(() => t.close());

/**
 * Writes of an object's route that are not versioned objects: each names why. Every other PATCH,
 * PUT or DELETE must have a case below (the first test fails when one appears without).
 */
const NOT_VERSIONED_OBJECTS = new Map([
  // Batch writes without an id: a BINS upload, the institution helper's merge.
  ['PATCH /api/abn_bins_upload/', 'a batch of orders'],
  ['PATCH /api/institution-helper/', 'a batch of institutions'],
  // Lists kept on a request, set as a whole; they have no GET of their own to take an ETag from.
  ['PUT /api/request/:id/review_users/', 'the reviewer list of a request'],
  ['PATCH /api/request/:id/zendesk/', 'the ticket ids of a request'],
  // The caller's own calendar feed address (turned off), not an object with a version.
  ['DELETE /api/user/me/calendar-feed/', 'the caller’s calendar feed'],
]);

const writeRoute = (method: string) => ['PATCH', 'PUT', 'DELETE'].includes(method);

async function historyCount(model: string | undefined, id: number) {
  if (!model) return 0;
  const [row] = await t.database.db
    .select({ n: count() })
    .from(history)
    .where(and(eq(history.model, model), eq(history.objectId, String(id))));
  return row!.n;
}

describe('versioned objects', () => {
  it('has a case for every write route of an object', () => {
    const writes = t.app.apiRoutes
      .filter((route) => writeRoute(route.method))
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set(VERSION_CASES.flatMap((c) => c.routes));
    expect(writes.filter((route) => !covered.has(route) && !NOT_VERSIONED_OBJECTS.has(route))).toEqual([]);
    expect([...covered].filter((route) => !writes.includes(route))).toEqual([]);
  });
});

const STALE = '"1.0"';

const send = (
  method: string,
  url: string,
  token: string,
  headers: Record<string, string> = {},
  payload?: object,
) =>
  t.app.inject({
    method: method as 'PATCH',
    url,
    headers: { ...auth(token), ...headers },
    ...(payload && { payload }),
  });

describe.each(VERSION_CASES)('$name', (versioned) => {
  it('answers an ETag, takes a matching If-Match, and refuses a stale one changing nothing', async () => {
    const target = await versioned.setup(t);
    const read = () => send('GET', target.url, target.token);
    const first = await read();
    expect(first.statusCode, first.body).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"\d+\.\d+"$/);
    if (!target.change) return;

    const saved = await send('PATCH', target.url, target.token, { 'if-match': etag }, target.change(1));
    expect(saved.statusCode, saved.body).toBe(200);
    const next = saved.headers.etag as string;
    expect(next).toMatch(/^"\d+\.\d+"$/);
    expect(next).not.toBe(etag);
    expect((await read()).headers.etag).toBe(next);

    const before = (await read()).json();
    const rows = await historyCount(versioned.history, target.id);
    const refused = await send('PATCH', target.url, target.token, { 'if-match': etag }, target.change(2));
    expect(refused.statusCode, refused.body).toBe(412);
    expect(refused.headers.etag).toBe(next);
    const body = refused.json();
    expect(body).toMatchObject({
      detail: expect.any(String),
      correlation_id: refused.headers['x-correlation-id'],
    });
    expect(body.current).toEqual(before);
    expect((await read()).json()).toEqual(before);
    expect(await historyCount(versioned.history, target.id)).toBe(rows);
    if (versioned.history) {
      expect(body.changed_by).toMatchObject({ id: expect.any(Number), display_name: expect.any(String) });
      expect(Date.parse(body.changed_at)).not.toBeNaN();
    } else {
      expect(body).toMatchObject({ changed_by: null, changed_at: null });
    }

    // A list naming the current version passes; `*` and no If-Match behave as before.
    const listed = await send(
      'PATCH',
      target.url,
      target.token,
      { 'if-match': `${STALE}, ${next}` },
      target.change(3),
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const any = await send('PATCH', target.url, target.token, { 'if-match': '*' }, target.change(4));
    expect(any.statusCode, any.body).toBe(200);
    const plain = await send('PATCH', target.url, target.token, {}, target.change(5));
    expect(plain.statusCode, plain.body).toBe(200);
    // A weak tag never matches: If-Match compares strongly.
    const weak = `W/${(await read()).headers.etag as string}`;
    const weakly = await send('PATCH', target.url, target.token, { 'if-match': weak }, target.change(6));
    expect(weakly.statusCode, weakly.body).toBe(412);
  });
});

const DELETED = VERSION_CASES.filter((versioned) =>
  versioned.routes.some((route) => route.startsWith('DELETE ')),
);

describe.each(DELETED)('$name', (versioned) => {
  it('deletes only the version the client read', async () => {
    const target = await versioned.setup(t);
    const url = await target.removable!();
    const etag = (await send('GET', url, target.token)).headers.etag as string;
    const refused = await send('DELETE', url, target.token, { 'if-match': STALE });
    expect(refused.statusCode, refused.body).toBe(412);
    expect(refused.json().current).toEqual((await send('GET', url, target.token)).json());
    const removed = await send('DELETE', url, target.token, { 'if-match': etag });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const other = await target.removable!();
    expect((await send('DELETE', other, target.token)).statusCode).toBeLessThan(300);
  });
});

describe('two saves of the version one screen showed', () => {
  it('lets exactly one pass: the check and the write are one transaction with the row locked', async () => {
    const target = await VERSION_CASES.find((c) => c.name === 'request summary')!.setup(t);
    const etag = (await send('GET', target.url, target.token)).headers.etag as string;
    const answers = await Promise.all(
      [1, 2].map((n) => send('PATCH', target.url, target.token, { 'if-match': etag }, target.change!(n))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    const kept = answers.find((answer) => answer.statusCode === 200)!.json();
    expect((await send('GET', target.url, target.token)).json()).toEqual(kept);
    expect(await historyCount('request_summary', target.id)).toBe(1);
  });

  it('names who changed it and when', async () => {
    const target = await VERSION_CASES.find((c) => c.name === 'dataset')!.setup(t);
    const staff = await t.createUser({ roles: ['portal_admin'], firstName: 'Grace', lastName: 'Hopper' });
    const etag = (await send('GET', target.url, target.token)).headers.etag as string;
    const theirs = await send('PATCH', target.url, await t.tokenFor(staff.email), {}, { name: 'Their name' });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const mine = await send('PATCH', target.url, target.token, { 'if-match': etag }, { name: 'My name' });
    expect(mine.statusCode).toBe(412);
    expect(mine.json()).toMatchObject({
      current: { name: 'Their name' },
      changed_by: { id: staff.id, display_name: 'Grace Hopper' },
    });
    expect(Math.abs(Date.parse(mine.json().changed_at) - Date.now())).toBeLessThan(60_000);
  });

  it('gives no ETag to a dataset read by its UUID (its latest version), and one to the version read by id', async () => {
    const target = await VERSION_CASES.find((c) => c.name === 'dataset')!.setup(t);
    const byId = await send('GET', target.url, target.token);
    expect(byId.headers.etag).toMatch(/^"\d+\.\d+"$/);
    const byUuid = await send('GET', `/api/dataset/${byId.json().dataset_id}/`, target.token);
    expect(byUuid.statusCode).toBe(200);
    expect(byUuid.json()).toEqual(byId.json());
    expect(byUuid.headers.etag).toBeUndefined();
  });

  it('refuses a malformed If-Match with a 400, changing nothing', async () => {
    const target = await VERSION_CASES.find((c) => c.name === 'dataset')!.setup(t);
    const before = (await send('GET', target.url, target.token)).json();
    const refused = await send('PATCH', target.url, target.token, { 'if-match': 'v1' }, { name: 'Nope' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ 'If-Match': [expect.any(String)] });
    expect((await send('GET', target.url, target.token)).json()).toEqual(before);
  });

  it('documents If-Match and the 412 in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const patch = document.paths['/api/request/{id}/summary/'].patch;
    expect(patch.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'if-match' })]),
    );
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(['200', '412']));
  });
});
