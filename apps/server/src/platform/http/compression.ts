import { brotliCompressSync, constants, type BrotliOptions } from 'node:zlib';
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
    zlib: { brotliCompressSync: brotliSizedToPayload },
  });
}

/**
 * Brotli with a window no larger than the answer (and told its size): the default 4 MB window
 * made setting up the encoder cost more than compressing a detail's 1.5 kB (54 → 37 µs), and
 * nothing is lost, as a window as long as the answer sees all of it. Only the one-call path comes
 * here; larger answers stream through node:zlib as before.
 */
function brotliSizedToPayload(payload: Buffer | string, options: BrotliOptions): Buffer {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  return brotliCompressSync(payload, {
    ...options,
    params: {
      ...options.params,
      [constants.BROTLI_PARAM_LGWIN]: Math.min(
        constants.BROTLI_DEFAULT_WINDOW,
        Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))),
      ),
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
}
