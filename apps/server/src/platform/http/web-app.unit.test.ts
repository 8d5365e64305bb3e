import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

const INDEX = '<!doctype html><div id="root"></div>';
const LOGIN = '<!doctype html><div id="root"><form aria-label="Sign in"></form></div>';
const CHUNK = `export const chunk = ${JSON.stringify('x'.repeat(2048))};`;

describe('the built web app', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'rrp-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'login.html'), LOGIN);
    writeFileSync(join(dist, 'login.html.br'), brotliCompressSync(LOGIN));
    writeFileSync(join(dist, 'assets', 'chunk-abc123.js'), CHUNK);
    writeFileSync(join(dist, 'assets', 'chunk-abc123.js.br'), brotliCompressSync(CHUNK));
    app = Fastify();
    await registerWebApp(app, dist);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('sends a visitor the prerendered sign-in page, kept from caches that ignore the cookie', async () => {
    for (const url of ['/login', '/login?next=%2Fprojects']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(LOGIN);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers.vary)).toContain('Cookie');
    }
    const compressed = await get('/login', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(LOGIN);
    expect(String(compressed.headers.vary)).toMatch(/Cookie.*accept-encoding/i);
  });

  it('sends the app page to someone with a session, or arriving with a notice to show', async () => {
    expect((await get('/login', { cookie: 'rrp_role=x; rrp_token=abc' })).body).toBe(INDEX);
    expect((await get('/login?redirect=email_verified')).body).toBe(INDEX);
    expect((await get('/login', { cookie: 'other_rrp_token=abc' })).body).toBe(LOGIN);
  });

  it('sends the app page for every other screen, and 404 for a missing asset', async () => {
    expect((await get('/projects/7')).body).toBe(INDEX);
    expect((await get('/')).body).toBe(INDEX);
    expect((await get('/assets/gone-000000.js')).statusCode).toBe(404);
  });

  it('sends hashed assets compressed, cached for good', async () => {
    const response = await get('/assets/chunk-abc123.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
