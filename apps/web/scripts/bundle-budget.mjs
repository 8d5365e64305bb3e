// The bundle budget (issue 15): the JavaScript a first visit to /login and to the researcher home
// downloads — the entry chunk, the screen's chunk and everything they import statically, as the
// build's manifest lists them — must stay within 250 kB gzipped. Fails (exit 1) over budget.
// Run after `npm run build:web`; part of `npm test`.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const PAGES = {
  '/login': 'src/features/home/screens/login-screen.tsx',
  '/ (researcher home)': 'src/features/home/screens/home-screen.tsx',
};

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifestPath = `${dist}.vite/manifest.json`;
if (!existsSync(manifestPath)) {
  console.error('No build manifest: run `npm run build:web` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);

function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}

const gzipKb = (file) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length / 1024;

let over = false;
for (const [page, screen] of Object.entries(PAGES)) {
  if (!manifest[screen]) {
    console.error(`${page}: ${screen} is not a chunk of the build (renamed? update PAGES).`);
    process.exit(1);
  }
  const chunks = staticClosure(screen, staticClosure(entry));
  const files = [...chunks].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const total = files.reduce((sum, file) => sum + gzipKb(file), 0);
  const ok = total <= BUDGET_KB;
  over ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${page}: ${total.toFixed(1)} kB gzipped of JavaScript in ${files.length} files (budget ${BUDGET_KB} kB)`,
  );
}
process.exit(over ? 1 : 0);
