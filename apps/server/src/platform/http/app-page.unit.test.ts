import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenChunksFinder } from './app-page';
import { registerWebApp } from './web-app';

const INDEX = '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>';

/** What the web build writes beside its manifest (apps/web/build/screen-chunks.ts), in small. */
const CHUNKS = {
  signedIn: { scripts: ['/assets/signed-in-header-1.js', '/assets/Menu-1.js'], styles: [] },
  routes: [
    { path: '/', scripts: ['/assets/home-screen-1.js'], styles: [] },
    {
      path: '/request',
      scripts: ['/assets/request-list-screen-1.js', '/assets/data-table-1.js', '/assets/Menu-1.js'],
      styles: ['/assets/data-table-1.css'],
    },
    { path: '/request/create', scripts: ['/assets/request-wizard-screen-1.js'], styles: [] },
    { path: '/request/:objectId', scripts: ['/assets/request-detail-screen-1.js'], styles: [] },
    { path: '/request/:objectId/renewal', scripts: ['/assets/renewal-screen-1.js'], styles: [] },
    { path: '/user', scripts: ['/assets/user-list-screen-1.js', '/assets/data-table-1.js'], styles: [] },
  ],
};

const screenOf = (path: string) => screenChunksFinder(CHUNKS)(path)?.scripts[0];

describe('the screen a path opens', () => {
  it('is the route the path names, a fixed segment before a parameter', () => {
    expect(screenOf('/request')).toBe('/assets/request-list-screen-1.js');
    expect(screenOf('/request/')).toBe('/assets/request-list-screen-1.js');
    expect(screenOf('/Request')).toBe('/assets/request-list-screen-1.js');
    expect(screenOf('/request/123')).toBe('/assets/request-detail-screen-1.js');
    expect(screenOf('/request/create')).toBe('/assets/request-wizard-screen-1.js');
    expect(screenOf('/request/123/renewal')).toBe('/assets/renewal-screen-1.js');
    expect(screenOf('/')).toBe('/assets/home-screen-1.js');
  });

  it('is none for a path no route names', () => {
    expect(screenOf('/nothing')).toBeUndefined();
    expect(screenOf('/request/1/2')).toBeUndefined();
  });
});

describe('the app page, with its screen chunks', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'rrp-web-dist-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, '.vite', 'screen-chunks.json'), JSON.stringify(CHUNKS));
    app = Fastify();
    // No rendering module: every page is the app's plain page.
    await registerWebApp(app, dist, { modulePath: join(dist, 'no-renderer.mjs') });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it("preloads, in the page's head, exactly the chunks of the screen the path opens and of the signed-in shell", async () => {
    const response = await get('/request', 'rrp_token=abc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary)).toContain('Cookie');
    expect(preloads(response.body)).toEqual([
      '/assets/request-list-screen-1.js',
      '/assets/data-table-1.js',
      '/assets/Menu-1.js',
      '/assets/signed-in-header-1.js',
    ]);
    expect(response.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/data-table-1.css">\n  </head>',
    );
    expect(response.body).not.toContain('user-list-screen');
  });

  it("preloads a dynamic path's screen, and no other", async () => {
    const detail = await get('/request/123', 'rrp_token=abc');
    expect(preloads(detail.body)).toEqual(['/assets/request-detail-screen-1.js', ...CHUNKS.signedIn.scripts]);
    const wizard = await get('/request/create?type=1', 'rrp_token=abc');
    expect(preloads(wizard.body)).toEqual(['/assets/request-wizard-screen-1.js', ...CHUNKS.signedIn.scripts]);
  });

  it("gives a visitor the screen's chunks without the signed-in shell's", async () => {
    expect(preloads((await get('/user')).body)).toEqual([
      '/assets/user-list-screen-1.js',
      '/assets/data-table-1.js',
    ]);
    expect(preloads((await get('/', 'rrp_role=x')).body)).toEqual(['/assets/home-screen-1.js']);
  });

  it('sends the page as built for a path no screen answers, and never serves the map itself', async () => {
    expect((await get('/nothing')).body).toBe(INDEX);
    expect((await get('/.vite/screen-chunks.json')).statusCode).toBe(404);
    expect((await get('/.vite/../.vite/screen-chunks.json')).statusCode).toBe(404);
  });

  it('reads a rebuilt app without a restart', async () => {
    const rebuilt = INDEX.replace('App', 'Rebuilt');
    writeFileSync(join(dist, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dist, 'index.html'), later, later);
    const response = await get('/user');
    expect(response.body).toContain('<title>Rebuilt</title>');
    expect(preloads(response.body)).toEqual(['/assets/user-list-screen-1.js', '/assets/data-table-1.js']);
  });

  it("gives a page the server rendered its screen's stylesheets, applied, and no preloading", async () => {
    writeFileSync(
      join(dist, 'renderer.mjs'),
      `export const rendersOnServer = () => true;
      export async function renderSignedInPage(path) {
        return '<!doctype html><html><head><title>Drawn</title></head><body>' + path + '</body></html>';
      }`,
    );
    const rendering = Fastify();
    await registerWebApp(rendering, dist, { modulePath: join(dist, 'renderer.mjs') });
    const page = async (url: string) =>
      (await rendering.inject({ method: 'GET', url, headers: { cookie: 'rrp_token=abc' } })).body;
    const list = await page('/request?ordering=name');
    expect(list).toContain(
      '<title>Drawn</title>\n    <link rel="stylesheet" crossorigin href="/assets/data-table-1.css">\n  </head>',
    );
    expect(list).toContain('<body>/request?ordering=name</body>');
    expect(preloads(list)).toEqual([]);
    // A screen without stylesheets of its own is sent as rendered.
    expect(await page('/')).toBe(
      '<!doctype html><html><head><title>Drawn</title></head><body>/</body></html>',
    );
    await rendering.close();
  });

  it('sends the plain page of a build without the map', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'rrp-web-dist-'));
    writeFileSync(join(bare, 'index.html'), INDEX);
    const plain = Fastify();
    await registerWebApp(plain, bare);
    const response = await plain.inject({
      method: 'GET',
      url: '/request',
      headers: { cookie: 'rrp_token=a' },
    });
    expect(response.body).toBe(INDEX);
    await plain.close();
    rmSync(bare, { recursive: true, force: true });
  });
});
