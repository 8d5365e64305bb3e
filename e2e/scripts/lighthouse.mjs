// `npm run lighthouse` (issue 15): Lighthouse's mobile preset, performance only, against the built
// app — /login as a visitor and the home page as the demo researcher — with Debian's Chromium. The
// server runs from apps/server/dist on a fresh embedded database in a temporary DATA_DIR. Chromium
// is kept off the network apart from this server (background networking, updates and sync off).
// Each page is audited LIGHTHOUSE_RUNS times (3) and scored by the median run; exits 1 when a page
// scores under 95. LIGHTHOUSE_ONLY=<name> audits one page; with LIGHTHOUSE_REPORTS=<dir>, each
// page's median report is written there as JSON, to read which audits cost the score.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const MIN_SCORE = 95;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const root = fileURLToPath(new URL('../..', import.meta.url));
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startServer(port, dataDir) {
  const server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error('The server did not start within 2 minutes.');
}

async function signIn(base, email) {
  const response = await fetch(`${base}/api/api-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: process.env.DEMO_PASSWORD ?? 'Portal-Demo-1!' }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email} failed: ${response.status}`);
  return (await response.json()).token;
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'rrp-lighthouse-'));
const server = await startServer(port, dataDir);
const base = `http://127.0.0.1:${port}`;
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-default-apps',
    '--disable-domain-reliability',
    '--disable-sync',
    '--metrics-recording-only',
    '--no-first-run',
  ],
});
let failed = false;

/**
 * A run's score, or why Lighthouse could not score it: a page it could not load (runtimeError), or
 * a metric it could not measure (an audit in error), either of which leaves the score null.
 */
function runScore(lhr) {
  if (lhr.runtimeError) return `unscored (${lhr.runtimeError.code})`;
  const score = lhr.categories.performance.score;
  if (score !== null) return Math.round(score * 100);
  const unmeasured = Object.values(lhr.audits).filter((audit) => audit.scoreDisplayMode === 'error');
  return `unscored (${unmeasured.map((audit) => `${audit.id}: ${audit.errorMessage}`).join('; ')})`;
}

/** One Lighthouse run in a fresh browser context (a cold cache, as on a first visit); its report (lhr). */
async function audit(target) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  if (target.token) {
    await page.setCookie({ name: 'rrp_token', value: target.token, url: base });
    await page.setCookie({ name: 'rrp_role', value: 'primary_researcher', url: base });
  }
  // The mobile preset (Moto G Power, slow 4G, 4x CPU slowdown) is Lighthouse's default.
  const result = await lighthouse(
    target.url,
    { onlyCategories: ['performance'], disableStorageReset: Boolean(target.token), logLevel: 'error' },
    undefined,
    page,
  );
  await context.close();
  return result.lhr;
}
try {
  const pages = [
    { name: '/login', url: `${base}/login`, token: null },
    { name: 'researcher home', url: `${base}/`, token: await signIn(base, 'primary_researcher@demo.test') },
  ];
  const only = process.env.LIGHTHOUSE_ONLY;
  for (const target of pages.filter((candidate) => !only || candidate.name === only)) {
    // Lighthouse's scores move from run to run; its authors advise the median of several.
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit(target));
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const median = runs[Math.floor(runs.length / 2)];
    const { categories, audits } = median;
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const file = `${target.name.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.json`;
      writeFileSync(join(reports, file), JSON.stringify(median, null, 1));
    }
    const score = Math.round(categories.performance.score * 100);
    failed ||= score < MIN_SCORE;
    const metric = (id) => audits[id]?.displayValue ?? '-';
    const all = runs.map(runScore).join(', ');
    console.log(
      `${score >= MIN_SCORE ? 'ok  ' : 'LOW '} ${target.name}: performance ${score}, the median of ${all} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, transferred ${metric('total-byte-weight')})`,
    );
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
