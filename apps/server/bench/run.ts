import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/postgres-cluster';
import { requestList } from '../src/modules/requests/requests.lists';
import { database, ensureData } from './bench-database';
import { fixtures, type AccountName, type Fixtures } from './fixtures';
import { connections, drain, load, rssMb, table, type Case, type Result, type ServerMemory } from './load';
import { screenCalls } from './screen-calls';
import { launchBrowser, openScreens, screenTable } from './screens';
import { checkTargets, targetsTable } from './targets';

/**
 * `npm run bench` (issue 15): the built server on PostgreSQL with the generated data (made first
 * when absent), every case loaded by autocannon with 50 connections in one run, beside the floor —
 * a bare route doing one indexed primary-key query on the same pool. Issue 32 adds the calls the
 * screens make (recorded in the browser: each role's home, the request list's screen page, the
 * Research Match and tissue screens) and prints each target (targets.ts) as met or missed, with
 * the machine's load average. Prints one table and writes it to bench/results.json and
 * bench/results.md.
 *
 * BENCH_DATABASE_URL: a database to use (else a PostgreSQL server kept in DATA_DIR/bench-postgres);
 * BENCH_SCALE: a fraction of the full data size (default 1); BENCH_DURATION: seconds per case (10);
 * BENCH_ONLY: measure only the cases whose name contains this text, or one of several joined by
 * `|` ('screens': the browser phase);
 * BENCH_SERVER: the built bench server to run (default dist/bench-server.js).
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const scale = Number(process.env.BENCH_SCALE ?? 1);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const jwtSecret = 'bench-secret-bench-secret-bench-secret-0123456789';

/**
 * The node flags and environment settings `npm start` runs the server with (its memory bounds
 * among them): the benchmark's server runs with exactly those, not with this runner's own (tsx's
 * loader).
 */
const startWords = (
  JSON.parse(readFileSync(`${serverDir}/package.json`, 'utf8')) as { scripts: { start: string } }
).scripts.start.split(/\s+/);
const startFlags = startWords.filter((word) => word.startsWith('--'));
// `NAME=value` words, the value kept whole (it may hold `=` itself).
const startEnvironment = Object.fromEntries(
  startWords
    .filter((word) => /^[A-Z_]+=/.test(word))
    .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
);

async function startServer(url: string, port: number): Promise<ChildProcess> {
  // BENCH_SERVER: another build of the bench server (an A/B of two builds in one sitting).
  const server = fork(process.env.BENCH_SERVER ?? `${serverDir}/dist/bench-server.js`, [], {
    cwd: serverDir,
    execArgv: startFlags,
    env: {
      ...process.env,
      ...startEnvironment,
      DATABASE_URL: url,
      PORT: String(port),
      NODE_ENV: 'production',
      JWT_SECRET: jwtSecret,
      DATA_DIR: '/tmp/rrp-bench-files',
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20',
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve());
    server.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return server;
}

/**
 * The screens whose calls are cases (issue 32), each opened as the account of a role: a role's
 * home loads all it asks for (its page, rendered by the server with its reads, and the API calls
 * after it) in turn, and so does the request list's page, rendered with its first rows; with
 * `only`, the case is that one call of the screen as the app makes it on a navigation inside it
 * (the request list's page of 10 rows, the tissue catalogue's donors).
 */
const SCREEN_CASES: { name: string; path: string; account: AccountName; only?: string }[] = [
  { name: 'request list screen page (admin)', path: '/request', account: 'admin', only: '/api/request/' },
  {
    name: 'request list screen page (researcher)',
    path: '/request',
    account: 'researcher',
    only: '/api/request/',
  },
  { name: 'request list page, rendered (admin)', path: '/request', account: 'admin' },
  { name: 'home (admin)', path: '/', account: 'admin' },
  { name: 'home (reviewer)', path: '/', account: 'reviewer' },
  { name: 'home (ABN reviewer)', path: '/', account: 'abnReviewer' },
  { name: 'home (signing official)', path: '/', account: 'official' },
  { name: 'home (researcher)', path: '/', account: 'researcher' },
  { name: 'Research Match review centre', path: '/research-match-review', account: 'researchMatchAdmin' },
  { name: 'ABN dashboard', path: '/abn-dashboard', account: 'abnReviewer' },
  { name: 'tissue catalogue', path: '/tissue-catalogue', account: 'admin', only: '/api/abn_data/' },
];

/** The screen cases, from the calls each screen makes in the browser (none without Chromium). */
async function screenCases(port: number, f: Fixtures, wanted: (name: string) => boolean): Promise<Case[]> {
  const specs = SCREEN_CASES.filter((spec) => wanted(spec.name));
  if (specs.length === 0) return [];
  const browser = await launchBrowser("the screens' calls are not measured");
  if (!browser) return [];
  const found: Case[] = [];
  try {
    for (const spec of specs) {
      const account = f.accounts[spec.account];
      const base = `http://127.0.0.1:${port}`;
      const calls = await screenCalls(browser, base, spec.path, account, spec.only ? 'in app' : 'page');
      const chosen = spec.only ? calls.filter((call) => call.path.split('?')[0] === spec.only) : calls;
      console.log(`${spec.name} (${account.role} ${account.id}, ${spec.path}):`);
      for (const call of chosen) console.log(`  GET ${call.path}`);
      if (chosen.length === 0) {
        console.log(`  no ${spec.only ?? 'call'} made: not measured.`);
        continue;
      }
      found.push(
        spec.only
          ? { name: spec.name, kind: 'list', path: chosen[0]!.path, token: account.token }
          : { name: spec.name, kind: 'screen', path: chosen[0]!.path, calls: chosen },
      );
    }
  } finally {
    await browser.close();
  }
  return found;
}

function apiCases(f: Fixtures): Case[] {
  const admin = f.accounts.admin.token;
  const researcher = f.accounts.researcher.token;
  const list = (name: string, query: string): Case => ({
    name,
    kind: 'list',
    path: `/api/request/${query}`,
    token: admin,
  });
  return [
    { name: 'floor: one PK query', kind: 'floor', path: `/bench/floor/${f.accounts.admin.id}` },
    { name: 'GET request/{id}/ (admin)', kind: 'detail', path: `/api/request/${f.requestId}/`, token: admin },
    { name: 'GET project/{id}/ (admin)', kind: 'detail', path: `/api/project/${f.projectId}/`, token: admin },
    list('request list, default page', ''),
    list('request list, status=2', '?status=2'),
    list('request list, search=smith', '?search=smith'),
    list(`request list, offset=${f.deepOffset}`, `?offset=${f.deepOffset}`),
    ...Object.keys(requestList.ordering).map((key) =>
      list(`request list, ordering=${key}`, `?ordering=${key}`),
    ),
    { name: 'user list', kind: 'list', path: '/api/user/', token: admin },
    { name: 'institution list', kind: 'list', path: '/api/institution/', token: admin },
    { name: 'research team list', kind: 'list', path: '/api/research-team/', token: admin },
    { name: 'dataset list (with what the caller holds)', kind: 'list', path: '/api/dataset/', token: admin },
    { name: 'home: user/me/', kind: 'detail', path: '/api/user/me/', token: researcher },
    {
      name: 'reviewer suggestions (Research Match application)',
      kind: 'detail',
      path: `/api/request/${f.applicationId}/reviewer-suggestions/`,
      token: admin,
    },
    {
      name: 'reviewer suggestions (tissue request)',
      kind: 'detail',
      path: `/api/request/${f.tissueRequestId}/reviewer-suggestions/`,
      token: admin,
    },
    { name: 'reviewer workload list', kind: 'list', path: '/api/reviewer-workload/', token: admin },
    { name: 'researcher request list', kind: 'list', path: '/api/request/', token: researcher },
    {
      name: 'POST validateSamples (100 ids)',
      kind: 'other',
      path: '/api/validateSamples/',
      method: 'POST',
      body: f.sampleBody,
      token: admin,
    },
  ];
}

/** The 1-minute load average, sampled through the run: what else the machine was doing. */
function loadSampler() {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(loadavg()[0]!), 5000);
  return {
    stop: () => clearInterval(timer),
    text: () => {
      const all = samples.length ? samples : [loadavg()[0]!];
      const mean = all.reduce((sum, value) => sum + value, 0) / all.length;
      return `Load average (1 min) during the run: mean ${mean.toFixed(1)}, max ${Math.max(...all).toFixed(1)}, on ${cpus().length} cores.`;
    },
  };
}

async function main() {
  const db = await database();
  let server: ChildProcess | undefined;
  const machine = loadSampler();
  try {
    await ensureData(db.url, scale, ['node', 'dist/cli.js']);
    const port = await freePort();
    server = await startServer(db.url, port);
    const f = await fixtures(db.url, jwtSecret);
    // BENCH_ONLY=text measures only the cases whose name holds it, or one of `a|b` (and the floor,
    // to compare with).
    const only = process.env.BENCH_ONLY?.split('|');
    const wanted = (name: string) => !only || only.some((text) => name.includes(text));
    const all = [...apiCases(f), ...(await screenCases(port, f, wanted))].filter(
      (test) => test.kind === 'floor' || wanted(test.name),
    );
    let maxRss = 0;
    // The highest RSS of the whole run, and of the case being measured (which case makes it grow).
    let caseRss = 0;
    const sampler = setInterval(() => {
      const rss = rssMb(server!.pid!);
      maxRss = Math.max(maxRss, rss);
      caseRss = Math.max(caseRss, rss);
    }, 250);
    // And what the memory holds (heap or outside it) at the case's highest sample.
    let caseMemory: ServerMemory | undefined;
    const probe = setInterval(() => {
      void fetch(`http://127.0.0.1:${port}/bench/memory`)
        .then((response) => response.json() as Promise<ServerMemory>)
        .then((memory) => {
          if (!caseMemory || memory.rss > caseMemory.rss) caseMemory = memory;
        })
        .catch(() => undefined);
    }, 1000);
    console.log(`Warming up (${all.length} cases)…`);
    const floorPath = all[0]!.path;
    for (const test of all) {
      await load(port, test, 1);
      await drain(port, floorPath);
    }
    const measured: Omit<Result, 'ratio'>[] = [];
    for (const test of all) {
      caseRss = 0;
      caseMemory = undefined;
      const result = await load(port, test, duration);
      const memory = caseMemory;
      await drain(port, floorPath);
      measured.push({ name: test.name, kind: test.kind, ...result, rssMb: caseRss, memory });
      console.log(
        `${test.name}: ${result.rps.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms, RSS ${caseRss.toFixed(0)} MB`,
      );
    }
    clearInterval(sampler);
    clearInterval(probe);
    const screens =
      !only || only.some((text) => 'list screens'.includes(text))
        ? await openScreens(port, f.accounts.admin.token)
        : [];
    machine.stop();
    const floor = measured.find((r) => r.kind === 'floor')!.rps;
    const results = measured.map((r) => ({ ...r, ratio: r.rps / floor }));
    const text = table(results);
    const conditions = `${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} cores, data scale ${scale}, ${duration} s per case, ${connections} connections, server RSS max ${maxRss.toFixed(0)} MB`;
    const screenText = screenTable(screens);
    const checks = checkTargets(results, screens);
    const targetText = targetsTable(checks, floor, machine.text());
    const report = `${text}\n\n${screenText ? `${screenText}\n\n` : ''}${conditions}\n\n${targetText}`;
    console.log(`\n${report}`);
    writeFileSync(
      `${serverDir}/bench/results.json`,
      JSON.stringify(
        {
          conditions,
          load: machine.text(),
          maxRssMb: Math.round(maxRss),
          targets: checks,
          results,
          screens,
          screenCalls: Object.fromEntries(
            all.filter((test) => test.calls).map((test) => [test.name, test.calls!.map((call) => call.path)]),
          ),
        },
        null,
        2,
      ) + '\n',
    );
    writeFileSync(`${serverDir}/bench/results.md`, `${report}\n`);
  } finally {
    machine.stop();
    server?.kill('SIGTERM');
    db.stop();
  }
}

await main();
