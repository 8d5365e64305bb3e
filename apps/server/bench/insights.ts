import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { database, ensureData } from './bench-database';
import { openPostgres } from '../src/platform/db/database';

/**
 * `npm run bench:insights` (issue 19, decision 270): the turnaround metrics on PostgreSQL with the
 * generated data — the benchmark's database (DATA_DIR/bench-postgres, or BENCH_DATABASE_URL), made
 * first when absent — one call after another as a person opening /insights makes them: each
 * request type and all types, for one-year periods over the generated years. Prints p50/p95 per
 * case, and the CPU time a call costs this process and PostgreSQL together (what a busy machine's
 * wall-clock times hide), and writes bench/insights-results.md. Target: p95 < 200 ms for a year.
 *
 * BENCH_SCALE: a fraction of the full data size (default 1); BENCH_CALLS: calls per case (20).
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const scale = Number(process.env.BENCH_SCALE ?? 1);
const calls = Number(process.env.BENCH_CALLS ?? 20);
const TARGET_P95_MS = 200;

/** CPU time (ms) used so far by this process and by PostgreSQL's backends of this database. */
async function cpuMs(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  const ticks = rows.reduce((sum, { pid }) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + Number(fields[11]) + Number(fields[12]);
    } catch {
      return sum;
    }
  }, 0);
  const own = process.cpuUsage();
  return ticks * 10 + (own.user + own.system) / 1000;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const db = await database();
  try {
    await ensureData(db.url, scale, ['npx', 'tsx', 'src/cli.ts']);
    const config = loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: db.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
      DATA_DIR: '/tmp/rrp-bench-files',
    });
    const opened = await openPostgres(db.url, { poolSize: 10, statementTimeoutMs: 15_000 });
    // Reads the CPU time of the pool's backends (they are this database's other sessions).
    const monitor = new pg.Pool({ connectionString: db.url, max: 1 });
    const app = await buildApp({ config, database: { ...opened } });
    await app.ready();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/api-token-auth/',
      payload: { email: 'portal_admin@demo.test', password: config.demoPassword, recaptcha: 'human' },
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
    const headers = { authorization: `JWT ${signIn.json<{ token: string }>().token}` };
    const years = [2, 3, 4, 5, 6].map((back) => new Date().getUTCFullYear() - back);
    const cases = [
      { name: 'one year, all types', type: '' },
      { name: 'one year, datasets', type: '&type=1' },
      { name: 'one year, Research Match', type: '&type=4' },
      { name: 'five years, all types', type: '', span: 5 },
    ];
    const rows: string[] = [];
    let worst = 0;
    for (const test of cases) {
      const times: number[] = [];
      const query = (i: number) => {
        const year = years[i % years.length]! - (test.span ? test.span - 1 : 0);
        return `from=${year}-01-01&to=${year + (test.span ?? 1) - 1}-12-31${test.type}`;
      };
      await app.inject({ url: `/api/insights/turnaround/?${query(0)}`, headers });
      const cpuBefore = await cpuMs(monitor);
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        const response = await app.inject({ url: `/api/insights/turnaround/?${query(i)}`, headers });
        times.push(performance.now() - started);
        if (response.statusCode !== 200)
          throw new Error(`${test.name}: ${response.statusCode} ${response.body}`);
      }
      const cpu = ((await cpuMs(monitor)) - cpuBefore) / calls;
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      if (!test.span) worst = Math.max(worst, p95);
      rows.push(
        `| ${test.name} | ${percentile(times, 50).toFixed(0)} | ${p95.toFixed(0)} | ${times.at(-1)!.toFixed(0)} | ${cpu.toFixed(0)} |`,
      );
      console.log(rows.at(-1));
    }
    const counts = await opened.db.execute(
      sql`select (select count(*) from requests)::int as requests, (select count(*) from history)::int as history, (select count(*) from request_status_stays)::int as stays`,
    );
    const conditions = `${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} cores (load average ${loadavg()[0]!.toFixed(1)}), PostgreSQL, ${JSON.stringify((counts as unknown as { rows: unknown[] }).rows[0])}, ${calls} calls per case, one at a time`;
    const text = [
      '| case | p50 ms | p95 ms | max ms | CPU ms per call |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
      conditions,
      '',
      worst < TARGET_P95_MS
        ? `Target met: a year's p95 ${worst.toFixed(0)} ms < ${TARGET_P95_MS} ms.`
        : `Target missed: a year's p95 ${worst.toFixed(0)} ms ≥ ${TARGET_P95_MS} ms.`,
    ].join('\n');
    console.log(`\n${text}`);
    writeFileSync(`${serverDir}/bench/insights-results.md`, `${text}\n`);
    await app.close();
    await opened.close();
    await monitor.end();
  } finally {
    db.stop();
  }
}

await main();
