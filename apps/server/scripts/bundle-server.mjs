// The server bundled with esbuild: one ES module per entry point plus shared chunks, npm packages
// left as imports, the SQL migrations copied beside them. `outdir` must sit one level under
// apps/server, as src/paths.ts resolves the migrations and the web build from the bundle's place.
// Used by the build (dist/) and by the tests that start the server as a process of its own.
import { build } from 'esbuild';
import { cpSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dependencies = (path) =>
  Object.keys(JSON.parse(readFileSync(new URL(path, import.meta.url))).dependencies ?? {});
// The workspace's own @rrp/domain is TypeScript source: bundled, never left as an import.
const external = [
  ...dependencies('../package.json'),
  ...dependencies('../../../packages/domain/package.json'),
].filter((name) => name !== '@rrp/domain');

/** Bundles `entryPoints` (output name -> source path under apps/server) into `outdir`. */
export async function bundleServer(outdir, entryPoints) {
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(`${root}/src/db/migrations`, `${outdir}/db/migrations`, { recursive: true });
}
