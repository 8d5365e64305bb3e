import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `file.br` (brotli, maximum quality) and `file.gz` (gzip -9) beside every text file of the
 * build above 1 kB, once, so the server sends compressed bytes without compressing per request
 * (`@fastify/static` `preCompressed`). A compressed copy that saves nothing is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'rrp-precompress',
    // Not the server's rendering module (start-pages.ts): nobody downloads it.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of filesUnder(outDir)) {
        if (!TEXT.test(path)) continue;
        const source = readFileSync(path);
        if (source.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gzip = gzipSync(source, { level: 9 });
        if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
        if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}
