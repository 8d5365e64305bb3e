import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await createTestContext();
  adminToken = await t.tokenForRole('superuser');
});
afterAll(() => t.close());

describe('list conventions', () => {
  it('answers the envelope with limit/offset paging and next/previous links that keep other parameters', async () => {
    const first = await t.app.inject({ url: '/api/cohort/?limit=2&ordering=name' });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.count).toBe(5);
    expect(page.results.map((c: { name: string }) => c.name)).toEqual(['ABN', 'AIC']);
    expect(page.previous).toBeNull();
    const next = new URL(page.next);
    expect(Object.fromEntries(next.searchParams)).toEqual({ limit: '2', offset: '2', ordering: 'name' });

    const second = (await t.app.inject({ url: `${next.pathname}${next.search}` })).json();
    expect(second.results.map((c: { name: string }) => c.name)).toEqual(['SPARK', 'SSC']);
    expect(new URL(second.previous).searchParams.get('offset')).toBeNull();
    const last = (await t.app.inject({ url: '/api/cohort/?limit=2&offset=4&ordering=name' })).json();
    expect(last.next).toBeNull();
    expect(last.results).toHaveLength(1);
  });

  it('orders descending with a minus sign and by several fields', async () => {
    const names = (await t.app.inject({ url: '/api/cohort/?ordering=-name' }))
      .json()
      .results.map((c: { name: string }) => c.name);
    expect(names).toEqual(['SSC', 'SPARK', 'Simons Searchlight', 'AIC', 'ABN'].sort().reverse());
  });

  it('filters with exact, __in, __icontains and __isnull lookups, and searches', async () => {
    const get = async (query: string) =>
      (await t.app.inject({ url: `/api/cohort/?${query}` }))
        .json()
        .results.map((c: { name: string }) => c.name);
    expect(await get('name=SSC')).toEqual(['SSC']);
    expect(await get('name__in=SSC,ABN&ordering=name')).toEqual(['ABN', 'SSC']);
    expect(await get('name__icontains=simons')).toEqual(['Simons Searchlight']);
    expect(await get('name__isnull=true')).toEqual([]);
    expect(await get('search=spa')).toEqual(['SPARK']);
    // LIKE wildcards in a search term are taken literally.
    expect(await get('search=%25')).toEqual([]);
  });

  it('reaches related paths through the declared filter', async () => {
    const user = await t.createUser({ roles: ['superuser'] });
    const token = await t.tokenFor(user.email);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/feature-toggle/1/',
      headers: auth(token),
      payload: { enabled: true },
    });
    const response = await t.app.inject({
      url: `/api/history/?model=feature-toggle&pk=1&modifier__in=${user.id}`,
      headers: auth(adminToken),
    });
    expect(response.json().count).toBe(1);
  });

  it('refuses an undeclared filter, a bad value, a bad ordering and a bad expansion with field errors', async () => {
    const unknown = await t.app.inject({ url: '/api/cohort/?colour=red' });
    expect(unknown.statusCode).toBe(400);
    expect(errorBody(unknown)).toMatchObject({ colour: ['Unknown filter.'] });

    const badValue = await t.app.inject({ url: '/api/cohort/?id=abc&limit=-1' });
    expect(errorBody(badValue)).toMatchObject({
      id: ['Enter a whole number.'],
      limit: ['Enter a whole number.'],
    });

    const badOrdering = await t.app.inject({ url: '/api/cohort/?ordering=secret' });
    expect(errorBody(badOrdering)).toMatchObject({ ordering: ['Unknown ordering field: secret.'] });

    const badExpand = await t.app.inject({ url: '/api/cohort/?expand=owner' });
    expect(errorBody(badExpand)).toMatchObject({ expand: ['Unknown relation: owner.'] });
  });

  it('caps the page size at 2000', async () => {
    const response = await t.app.inject({ url: '/api/cohort/?limit=999999' });
    expect(response.statusCode).toBe(200);
    expect(new URL(response.json().next ?? 'http://x/?limit=2000').searchParams.get('limit')).toBe('2000');
  });
});

describe('bad input and the error envelope', () => {
  const signIn = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/api-token-auth/',
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: '10.7.0.1',
    });

  it('answers malformed JSON with 400', async () => {
    const response = await signIn('{"email":');
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).non_field_errors).toEqual(['Malformed request body.']);
  });

  it('answers wrong types with field errors', async () => {
    const response = await signIn(JSON.stringify({ email: 42, password: ['x'] }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorBody(response))).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('answers an oversized body with 413 and an unsupported content type with 415', async () => {
    const big = await signIn(JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    errorBody(big);
    const xml = await signIn('<login/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    errorBody(xml);
  });

  it('answers a bad id and an unknown API path with 404', async () => {
    const badId = await t.app.inject({
      method: 'PATCH',
      url: '/api/feature-toggle/abc/',
      headers: auth(adminToken),
      payload: { enabled: true },
    });
    expect(badId.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/feature-toggle/99999/',
      headers: auth(adminToken),
      payload: { enabled: true },
    });
    expect(missing.statusCode).toBe(404);
    const unknownPath = await t.app.inject({ url: '/api/no-such-thing/' });
    expect(unknownPath.statusCode).toBe(404);
    expect(errorBody(unknownPath).detail).toBe('Not found.');
  });

  it('refuses unknown body fields on strict payloads', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/feature-toggle/1/',
      headers: auth(adminToken),
      payload: { enabled: true, feature_code: 'renamed' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({ feature_code: ['Unknown field.'] });
  });

  it('takes a safe X-Correlation-ID from the caller and replaces an unsafe one', async () => {
    const kept = await t.app.inject({ url: '/api/nope/', headers: { 'x-correlation-id': 'trace-1234567' } });
    expect(kept.headers['x-correlation-id']).toBe('trace-1234567');
    const replaced = await t.app.inject({
      url: '/api/nope/',
      headers: { 'x-correlation-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-correlation-id']).not.toContain('<');
  });

  it('refuses a NUL character in any query or body string, signed out or in', async () => {
    const researcherToken = await t.tokenForRole('primary_researcher');
    for (const [url, field] of [
      ['/api/public/dataset/?search=%00', 'search'],
      ['/api/public/user/?search=a%00b', 'search'],
      ['/api/cohort/?name=%00', 'name'],
      ['/api/institution/?search=%00', 'search'],
    ] as const) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(errorBody(response)).toMatchObject({ [field]: ['Null characters are not allowed.'] });
    }
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/project/',
      headers: auth(researcherToken),
      payload: { title: 'A\u0000', abstract: 'ok', non_autism_research: false, extra: { deep: ['\u0000'] } },
    });
    expect(body.statusCode).toBe(400);
    expect(errorBody(body)).toMatchObject({
      title: ['Null characters are not allowed.'],
      extra: ['Null characters are not allowed.'],
    });
  });

  it('reads orderings, filters and lookups by their own names only, never an inherited one', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const ordering = await t.app.inject({ url: `/api/cohort/?ordering=${name}` });
      expect(errorBody(ordering)).toMatchObject({ ordering: [`Unknown ordering field: ${name}.`] });
      const filter = await t.app.inject({ url: `/api/cohort/?${name}=1` });
      expect(filter.statusCode).toBe(400);
      expect(errorBody(filter)).toEqual({ [name]: ['Unknown filter.'], correlation_id: expect.any(String) });
      const lookup = await t.app.inject({ url: `/api/cohort/?name__isnull=${name}` });
      expect(errorBody(lookup)).toMatchObject({ name__isnull: ['Enter true or false.'] });
    }
  });

  it('refuses ids past the id columns before the database sees them', async () => {
    const researcherToken = await t.tokenForRole('primary_researcher');
    const cases = [
      ['POST', '/api/research-team/', { project_id: 2147483648, team: [] }, 'project_id'],
      ['POST', '/api/user-institution/', { institution: 2147483648 }, 'institution'],
      [
        'POST',
        '/api/project/',
        { title: 'T', abstract: 'A', non_autism_research: false, latest_irb: 2 ** 40 },
        'latest_irb',
      ],
      ['GET', '/api/file/download/?selected_files=1,2147483648', undefined, 'selected_files'],
      ['GET', '/api/cohort/?id=2147483648', undefined, 'id'],
    ] as const;
    for (const [method, url, payload, field] of cases) {
      const response = await t.app.inject({ method, url, payload, headers: auth(researcherToken) });
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(errorBody(response)), url).toContain(field);
    }
    const path = await t.app.inject({ url: '/api/project/2147483648/', headers: auth(researcherToken) });
    expect(path.statusCode).toBe(404);
  });

  it('answers a huge bad body with a short error, never an echo many times its size', async () => {
    const manyKeys = JSON.stringify(
      Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 1])),
    );
    const strict = await t.app.inject({
      method: 'PATCH',
      url: '/api/feature-toggle/1/',
      headers: { ...auth(adminToken), 'content-type': 'application/json' },
      payload: manyKeys,
    });
    expect(strict.statusCode).toBe(400);
    expect(strict.body.length).toBeLessThan(8_000);
    const manyItems = await t.app.inject({
      method: 'POST',
      url: '/api/email/',
      headers: auth(await t.tokenForRole('portal_admin')),
      payload: { to: ['a@b.test'], subject: 's', body: 'b', object_ids: Array(150_000).fill('x') },
    });
    expect(manyItems.statusCode).toBe(400);
    // Each message once, however many items repeat it.
    const messages = errorBody(manyItems).object_ids as string[];
    expect(new Set(messages).size).toBe(messages.length);
    expect(manyItems.body.length).toBeLessThan(2_000);
  });

  it('answers a malformed URL and an over-long path parameter in the envelope', async () => {
    const malformed = await t.app.inject({ url: '/api/project/%E0%A4%A/' });
    expect(malformed.statusCode).toBe(400);
    expect(errorBody(malformed)).toMatchObject({ non_field_errors: ['Malformed request URL.'] });
    const long = await t.app.inject({ url: `/api/project/${'1'.repeat(300)}/` });
    expect(long.statusCode).toBe(414);
    expect(errorBody(long)).toMatchObject({ detail: 'Request URL is too long.' });
  });

  it('answers what the HTTP parser refuses (431, malformed requests) in the envelope', async () => {
    const server = await buildApp({ config: t.config, database: t.database });
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    try {
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk.toString()));
          socket.on('close', () => resolve(answer));
          socket.on('error', reject);
        });
      const parse = (answer: string) => {
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        const correlation = /x-correlation-id: (\S+)/i.exec(head)?.[1];
        return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body), correlation };
      };
      const huge = parse(
        await raw(`GET /api/health/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      expect(huge.status).toBe(431);
      expect(huge.body).toEqual({
        detail: 'Request header fields are too large.',
        correlation_id: huge.correlation,
      });
      expect(huge.head).toMatch(/content-type: application\/json/i);

      const garbage = parse(await raw('NOT HTTP AT ALL\r\n\r\n'));
      expect(garbage.status).toBe(400);
      expect(garbage.body).toEqual({
        non_field_errors: ['Malformed request.'],
        correlation_id: garbage.correlation,
      });
    } finally {
      await server.close();
    }
  });

  it('keeps serving after bad input', async () => {
    expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
  });
});

describe('HTTP basics', () => {
  it('serves a path with and without its trailing slash', async () => {
    expect((await t.app.inject({ url: '/api/cohort' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/cohort/' })).statusCode).toBe(200);
  });

  it('sends security headers, and HSTS only over HTTPS', async () => {
    const response = await t.app.inject({ url: '/api/health/' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Plain HTTP (no TRUST_PROXY here, so X-Forwarded-Proto is not believed either).
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const claimed = await t.app.inject({ url: '/api/health/', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets no cache keep an API answer: signed-in JSON, errors and public JSON alike', async () => {
    const token = await t.tokenForRole('primary_researcher');
    for (const [url, headers] of [
      ['/api/user/me/', auth(token)],
      ['/api/project/', auth(token)],
      ['/api/user/me/', {}],
      ['/api/cohort/', {}],
    ] as const) {
      const response = await t.app.inject({ url, headers });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/api-token-auth/',
        '/api/user/me/',
        '/api/history/',
        '/api/feature-toggle/{id}/',
      ]),
    );
    const cohortParams = document.paths['/api/cohort/'].get.parameters.map((p: { name: string }) => p.name);
    expect(cohortParams).toEqual(
      expect.arrayContaining(['limit', 'ordering', 'name__in', 'name__icontains']),
    );
  });

  it('never leaks undeclared fields of a response', async () => {
    const token = await t.tokenForRole('primary_researcher');
    const me = await t.app.inject({ url: '/api/user/me/', headers: auth(token) });
    expect(me.body).not.toContain('password');
    expect(me.body).not.toContain('$argon2');
  });
});
