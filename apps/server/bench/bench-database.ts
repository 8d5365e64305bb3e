import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { FULL_SIZE } from '../src/db/generate/generate-data';
import { DEFAULT_DATA_DIR } from '../src/paths';
import { startPostgresCluster } from '../test/postgres-cluster';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The benchmarks' database: BENCH_DATABASE_URL, else a PostgreSQL server kept in DATA_DIR/bench-postgres. */
export async function database(): Promise<{ url: string; stop: () => void }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => undefined };
  const cluster = await startPostgresCluster(`${process.env.DATA_DIR ?? DEFAULT_DATA_DIR}/bench-postgres`, [
    'max_connections=200',
    'shared_buffers=512MB',
    'synchronous_commit=off',
  ]);
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'rrp_bench'`);
  if (!rowCount) await admin.query('create database rrp_bench');
  await admin.end();
  return { url: cluster.url.replace(/\/postgres$/, '/rrp_bench'), stop: () => cluster.stop('fast') };
}

/**
 * Generates `scale` of the full data size into the database once, through the CLI `command`
 * (the built one or its source).
 */
export async function ensureData(url: string, scale: number, command: readonly [string, ...string[]]) {
  const size = Object.fromEntries(
    Object.entries(FULL_SIZE).map(([key, value]) => [key, Math.round(value * scale)]),
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const present = await client
    .query<{ n: number }>('select count(*)::int as n from requests')
    .then((result) => result.rows[0]!.n)
    .catch(() => 0);
  await client.end();
  if (present >= size.requests!) return;
  console.log(`Generating the data (${size.requests} requests); this runs once per database.`);
  const args = Object.entries(size).flatMap(([key, value]) => [`--${key}`, String(value)]);
  const result = spawnSync(command[0], [...command.slice(1), 'generate-data', ...args], {
    cwd: serverDir,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'development', DATA_DIR: '/tmp/rrp-bench-files' },
  });
  if (result.status !== 0) throw new Error('generate-data failed');
}
