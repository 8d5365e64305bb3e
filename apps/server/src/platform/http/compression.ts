import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * API answers above 1 kB are compressed (brotli or gzip, as the client accepts): a page of 100
 * requests is ~200 kB of JSON and compresses about tenfold. Brotli runs at quality 4, which costs
 * about what gzip does; the web app's files are compressed once at build time at full strength
 * and served as they are (`registerWebApp`), so this never recompresses them.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    // In one call up to 512 kB (a page of 100 requests, ~140 kB, takes ~0.6 ms at quality 4):
    // a stream per answer costs more in set-up, scheduling and a zlib context per answer in flight
    // than the compression itself, and on two cores there is no idle core for it to overlap with.
    syncThreshold: 512 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
