import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../test/postgres-cluster';
import { requestList } from '../src/modules/requests/requests.lists';
import { TokenService } from '../src/platform/auth/tokens';
import { database, ensureData } from './bench-database';
import { connections, drain, load, rssMb, table, type Case, type Result } from './load';
import { median, openScreens, screenTable } from './screens';

/**
 * `npm run bench` (issue 15): the built server on PostgreSQL with the generated data (made first
 * when absent), every case loaded by autocannon with 50 connections in one run, beside the floor —
 * a bare route doing one indexed primary-key query on the same pool. Prints one table and writes
 * it to bench/results.json and bench/results.md.
 *
 * BENCH_DATABASE_URL: a database to use (else a PostgreSQL server kept in DATA_DIR/bench-postgres);
 * BENCH_SCALE: a fraction of the full data size (default 1); BENCH_DURATION: seconds per case (10);
 * BENCH_ONLY: measure only the cases whose name contains this text ('screens': the browser phase).
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const scale = Number(process.env.BENCH_SCALE ?? 1);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const jwtSecret = 'bench-secret-bench-secret-bench-secret-0123456789';

async function startServer(url: string, port: number): Promise<ChildProcess> {
  const server = fork(`${serverDir}/dist/bench-server.js`, [], {
    cwd: serverDir,
    env: {
      ...process.env,
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

/** The ids and accounts the cases use, picked from the generated data. */
async function fixtures(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async <T>(query: string) => (await client.query(query)).rows[0] as T;
  const admin = await one<{ id: number; email: string; token_version: number }>(
    `select id, email, token_version from users where email = 'portal_admin@demo.test'`,
  );
  // A researcher with many requests, as the busiest real researchers have.
  const researcher = await one<{ id: number; email: string; token_version: number }>(
    `select u.id, u.email, u.token_version from users u join requests r on r.owner_id = u.id
     where u.primary_role = 'primary_researcher' group by u.id order by count(*) desc limit 1`,
  );
  const request = await one<{ id: number }>('select id from requests order by id desc offset 1000 limit 1');
  const project = await one<{ id: number }>('select id from projects order by id desc offset 1000 limit 1');
  const total = await one<{ n: number }>('select count(*)::int as n from requests');
  const samples = await client.query<{ id: string; sample_type_id: number }>(
    'select id, sample_type_id from samples where sample_type_id = (select min(sample_type_id) from samples) order by id limit 100',
  );
  await client.end();
  const tokens = new TokenService(jwtSecret, 600);
  const token = (user: { id: number; email: string; token_version: number }) =>
    tokens.issue({ id: user.id, email: user.email, tokenVersion: user.token_version });
  return {
    adminToken: await token(admin),
    researcherToken: await token(researcher),
    floorUserId: admin.id,
    requestId: request.id,
    projectId: project.id,
    deepOffset: Math.floor(total.n * 0.75),
    sampleBody: JSON.stringify({
      ids: samples.rows.map((row) => row.id),
      sample_type: samples.rows[0]?.sample_type_id,
    }),
  };
}

function cases(f: Awaited<ReturnType<typeof fixtures>>): Case[] {
  const admin = f.adminToken;
  const list = (name: string, query: string): Case => ({
    name,
    kind: 'list',
    path: `/api/request/${query}`,
    token: admin,
  });
  return [
    { name: 'floor: one PK query', kind: 'floor', path: `/bench/floor/${f.floorUserId}` },
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
    { name: 'home: user/me/', kind: 'detail', path: '/api/user/me/', token: f.researcherToken },
    {
      name: 'home: projects',
      kind: 'list',
      path: '/api/project/?limit=10&ordering=-created',
      token: f.researcherToken,
    },
    {
      name: 'home: recent requests',
      kind: 'list',
      path: '/api/request/?limit=10&ordering=-created&expand=project',
      token: f.researcherToken,
    },
    { name: 'researcher request list', kind: 'list', path: '/api/request/', token: f.researcherToken },
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
const TARGETS = { listP95: 50, detailP95: 20, detailRatio: 0.7, rssMb: 400, screenMs: 1000 };

async function main() {
  const db = await database();
  let server: ChildProcess | undefined;
  try {
    await ensureData(db.url, scale, ['node', 'dist/cli.js']);
    const port = await freePort();
    server = await startServer(db.url, port);
    const f = await fixtures(db.url);
    // BENCH_ONLY=text measures only the cases whose name holds it (and the floor, to compare with).
    const only = process.env.BENCH_ONLY;
    const all = cases(f).filter((test) => !only || test.kind === 'floor' || test.name.includes(only));
    let maxRss = 0;
    // The highest RSS of the whole run, and of the case being measured (which case makes it grow).
    let caseRss = 0;
    const sampler = setInterval(() => {
      const rss = rssMb(server!.pid!);
      maxRss = Math.max(maxRss, rss);
      caseRss = Math.max(caseRss, rss);
    }, 250);
    console.log(`Warming up (${all.length} cases)…`);
    const floorPath = all[0]!.path;
    for (const test of all) {
      await load(port, test, 1);
      await drain(port, floorPath);
    }
    const measured: Omit<Result, 'ratio'>[] = [];
    for (const test of all) {
      caseRss = 0;
      const result = await load(port, test, duration);
      await drain(port, floorPath);
      measured.push({ name: test.name, kind: test.kind, ...result, rssMb: caseRss });
      console.log(
        `${test.name}: ${result.rps.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms, RSS ${caseRss.toFixed(0)} MB`,
      );
    }
    clearInterval(sampler);
    const screens = !only || 'list screens'.includes(only) ? await openScreens(port, f.adminToken) : [];
    const floor = measured.find((r) => r.kind === 'floor')!.rps;
    const results = measured.map((r) => ({ ...r, ratio: r.rps / floor }));
    const text = table(results);
    const conditions = `${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} cores (load average ${loadavg()[0]!.toFixed(1)} at the end), data scale ${scale}, ${duration} s per case, ${connections} connections, server RSS max ${maxRss.toFixed(0)} MB`;
    const screenText = screenTable(screens);
    console.log(`\n${text}\n\n${screenText ? `${screenText}\n\n` : ''}${conditions}`);
    const misses = results.flatMap((r) => {
      const found: string[] = [];
      if (r.errors > 0) found.push(`${r.name}: ${r.errors} errors`);
      if (r.kind === 'list' && r.p95 >= TARGETS.listP95)
        found.push(`${r.name}: p95 ${r.p95.toFixed(1)} ms ≥ ${TARGETS.listP95}`);
      if (r.kind === 'detail' && r.p95 >= TARGETS.detailP95)
        found.push(`${r.name}: p95 ${r.p95.toFixed(1)} ms ≥ ${TARGETS.detailP95}`);
      if (r.name.startsWith('GET') && r.ratio < TARGETS.detailRatio)
        found.push(`${r.name}: ${(r.ratio * 100).toFixed(0)} % of the floor`);
      return found;
    });
    if (maxRss >= TARGETS.rssMb) misses.push(`server RSS ${maxRss.toFixed(0)} MB ≥ ${TARGETS.rssMb}`);
    for (const screen of screens) {
      const first = median(screen.firstVisitsMs);
      if (first >= TARGETS.screenMs)
        misses.push(
          `${screen.path}: rows shown ${first.toFixed(0)} ms after a first visit began ≥ ${TARGETS.screenMs}`,
        );
    }
    console.log(misses.length ? `\nTargets missed:\n- ${misses.join('\n- ')}` : '\nEvery target met.');
    writeFileSync(
      `${serverDir}/bench/results.json`,
      JSON.stringify(
        { conditions, maxRssMb: Math.round(maxRss), targets: TARGETS, misses, results, screens },
        null,
        2,
      ) + '\n',
    );
    writeFileSync(
      `${serverDir}/bench/results.md`,
      `${text}\n\n${screenText ? `${screenText}\n\n` : ''}${conditions}\n`,
    );
  } finally {
    server?.kill('SIGTERM');
    db.stop();
  }
}

await main();
