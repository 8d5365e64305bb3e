import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCookies } from './server-render';
import { registerWebApp } from './web-app';

const INDEX = '<!doctype html><div id="root"></div>';

/**
 * Stands for the web app's rendering module: what it does depends on the session cookie, and a
 * rendered page shows what the in-process API answered to the call it made with the session.
 */
const FAKE_RENDERER = `
export const rendersOnServer = (path) => !path.startsWith('/request/create');
export async function renderSignedInPage(path, request) {
  const token = request.cookie('rrp_token');
  if (token === 'no-page') return null;
  if (token === 'broken') throw new Error('the page failed');
  if (token === 'slow') return new Promise(() => {});
  if (token === 'counted') {
    globalThis.rendering = (globalThis.rendering ?? 0) + 1;
    globalThis.mostAtOnce = Math.max(globalThis.mostAtOnce ?? 0, globalThis.rendering);
    await new Promise((resolve) => setTimeout(resolve, 20));
    globalThis.rendering -= 1;
    return '<!doctype html><div id="root">counted</div>';
  }
  const response = await request.fetch('/api/whoami/?role=' + request.cookie('rrp_role'), {
    method: 'GET',
    headers: { authorization: 'JWT ' + token, accept: 'application/json' },
  });
  const body = await response.json();
  return '<!doctype html><div id="root">' + path + ' for ' + body.caller + ' as ' + body.role + ' (' + response.status + ')</div>';
}
`;

describe('pages rendered on the server', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'rrp-web-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'renderer.mjs'), FAKE_RENDERER);
    app = Fastify();
    app.get('/api/whoami/', (request) => ({
      caller: request.headers.authorization,
      role: (request.query as Record<string, string>).role,
    }));
    await registerWebApp(app, dist, { modulePath: join(dist, 'renderer.mjs'), limitMs: 200 });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const home = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/', headers: cookie ? { cookie } : {} });

  it('renders the home of someone with a session, asking the API in process as them, and keeps it from caches', async () => {
    const response = await home('rrp_token=abc; rrp_role=primary_researcher');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(
      '<!doctype html><div id="root">/ for JWT abc as primary_researcher (200)</div>',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers.vary)).toContain('Cookie');
  });

  it('renders any page the module renders, with its query, and only for a GET', async () => {
    const cookie = 'rrp_token=abc; rrp_role=portal_admin';
    const list = await app.inject({ method: 'GET', url: '/request?page=2', headers: { cookie } });
    expect(list.body).toBe(
      '<!doctype html><div id="root">/request?page=2 for JWT abc as portal_admin (200)</div>',
    );
    expect(list.headers['cache-control']).toBe('no-store');
    const head = await app.inject({ method: 'HEAD', url: '/request', headers: { cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
    // A screen the module does not render is the app's plain page.
    const plain = await app.inject({ method: 'GET', url: '/request/create', headers: { cookie } });
    expect(plain.body).toBe(INDEX);
  });

  it('sends a screen the module does not render at once, without waiting for a turn', async () => {
    const bounded = Fastify();
    await registerWebApp(bounded, dist, {
      modulePath: join(dist, 'renderer.mjs'),
      limitMs: 1_000,
      rendersAtOnce: 1,
    });
    // The only turn is held by a render that does not end before the time limit.
    const held = bounded.inject({ method: 'GET', url: '/', headers: { cookie: 'rrp_token=slow' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const plain = await bounded.inject({
      method: 'GET',
      url: '/request/create',
      headers: { cookie: 'rrp_token=abc' },
    });
    expect(plain.body).toBe(INDEX);
    expect(Date.now() - started).toBeLessThan(500);
    expect((await held).body).toBe(INDEX);
    await bounded.close();
  });

  it('sends the plain page to a visitor without a session', async () => {
    const response = await home('rrp_role=primary_researcher');
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the plain page when the page is not rendered: no page, an error, or over the time limit', async () => {
    for (const token of ['no-page', 'broken', 'slow']) {
      const started = Date.now();
      const response = await home(`rrp_token=${token}`);
      expect(response.statusCode, token).toBe(200);
      expect(response.body, token).toBe(INDEX);
      expect(response.headers['cache-control'], token).toBe('no-cache');
      expect(Date.now() - started, token).toBeLessThan(2_000);
    }
  });

  it('renders a few pages at once, the others waiting their turn', async () => {
    const bounded = Fastify();
    await registerWebApp(bounded, dist, {
      modulePath: join(dist, 'renderer.mjs'),
      limitMs: 1_000,
      rendersAtOnce: 2,
    });
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        bounded.inject({ method: 'GET', url: '/', headers: { cookie: 'rrp_token=counted' } }),
      ),
    );
    expect(responses.map((response) => response.body)).toEqual(
      Array.from({ length: 6 }, () => '<!doctype html><div id="root">counted</div>'),
    );
    expect((globalThis as { mostAtOnce?: number }).mostAtOnce).toBe(2);
    await bounded.close();
  });

  it('gives a render that never ends its turn only until the time limit', async () => {
    const bounded = Fastify();
    bounded.get('/api/whoami/', () => ({ caller: 'someone', role: 'sbso' }));
    await registerWebApp(bounded, dist, {
      modulePath: join(dist, 'renderer.mjs'),
      limitMs: 200,
      rendersAtOnce: 1,
    });
    const page = (token: string) =>
      bounded.inject({ method: 'GET', url: '/', headers: { cookie: `rrp_token=${token}` } });
    expect((await page('slow')).body).toBe(INDEX);
    expect((await page('abc')).body).toContain('/ for someone as sbso (200)');
    await bounded.close();
  });

  it('sends the plain page when the rendering module is not built', async () => {
    const bare = Fastify();
    await registerWebApp(bare, dist, { modulePath: join(dist, 'missing.mjs') });
    const response = await bare.inject({ method: 'GET', url: '/', headers: { cookie: 'rrp_token=abc' } });
    expect(response.body).toBe(INDEX);
    await bare.close();
  });
});

describe('parseCookies', () => {
  it('reads each cookie once, decoded, the first of a repeated name', () => {
    const cookies = parseCookies('rrp_token=a%2Eb; rrp_role=sbso;rrp_token=later; flag; bad=%E0%A4%A');
    expect(cookies.get('rrp_token')).toBe('a.b');
    expect(cookies.get('rrp_role')).toBe('sbso');
    expect(cookies.has('flag')).toBe(false);
    expect(cookies.has('bad')).toBe(false);
    expect(parseCookies(undefined).size).toBe(0);
  });
});
