// Compiles the server (and the @rrp/domain sources it imports) into dist/ with esbuild, so
// `npm start` runs plain JavaScript: one ES module per entry point plus shared chunks, all in
// dist/ itself (src/paths.ts resolves files from there), npm packages left as imports, the SQL
// migrations copied beside them. Source maps stay on disk for stack traces; nothing serves them.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dependencies = (path) =>
  Object.keys(JSON.parse(readFileSync(new URL(path, import.meta.url))).dependencies ?? {});
// The workspace's own @rrp/domain is TypeScript source: bundled, never left as an import.
const external = [
  ...dependencies('../package.json'),
  ...dependencies('../../../packages/domain/package.json'),
].filter((name) => name !== '@rrp/domain');

const started = Date.now();
rmSync(`${root}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // The benchmark's server (bench/server.ts) is the same app with its floor route added.
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts', 'bench-server': 'bench/server.ts' },
  outdir: 'dist',
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
cpSync(`${root}/src/db/migrations`, `${root}/dist/db/migrations`, { recursive: true });
console.log(`Server built into apps/server/dist in ${Date.now() - started} ms.`);
