import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerCompression } from './compression';

/** Answers of a few sizes: under the threshold, a detail's, a page's, and past the one-call limit. */
const answer = (size: number) => ({ rows: 'x'.repeat(size).replace(/x{7}/g, 'request') });
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await registerCompression(app);
  app.get('/sized/:size', async (request) => answer(Number((request.params as { size: string }).size)));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('registerCompression', () => {
  it.each([1_500, 16_000, 140_000, 700_000])(
    'answers %i characters in brotli or gzip, as the client accepts, that decompress to the answer',
    async (size) => {
      const expected = answer(size);
      const br = await app.inject({ url: `/sized/${size}`, headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);
      const gzip = await app.inject({ url: `/sized/${size}`, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);
    },
  );

  it('leaves an answer under 1 kB as it is', async () => {
    const small = await app.inject({ url: '/sized/200', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(answer(200));
  });
});
