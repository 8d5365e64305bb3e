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
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
