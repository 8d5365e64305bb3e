// Compiles the server (and the @rrp/domain sources it imports) into dist/ with esbuild
// (scripts/bundle-server.mjs), so `npm start` runs plain JavaScript. Source maps stay on disk for
// stack traces; nothing serves them.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle-server.mjs';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const started = Date.now();
rmSync(dist, { recursive: true, force: true });
// The benchmark's server (bench/server.ts) is the same app with its floor route added.
await bundleServer(dist, { main: 'src/main.ts', cli: 'src/cli.ts', 'bench-server': 'bench/server.ts' });
console.log(`Server built into apps/server/dist in ${Date.now() - started} ms.`);
