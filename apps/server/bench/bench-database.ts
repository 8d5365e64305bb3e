import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { FULL_SIZE } from '../src/db/generate/generate-data';
import { DEFAULT_DATA_DIR } from '../src/paths';
import { startPostgresCluster } from '../test/postgres-cluster';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Holds the benchmark's PostgreSQL directory for this run: a second run at the same time waits
 * (its server could not start on the same data, and two runs on two cores measure each other).
 */
async function holdDirectory(dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  const options = { stale: 30_000, update: 5_000 };
  try {
    return await lockfile.lock(dir, options);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ELOCKED') throw error;
    console.log(`Another benchmark run is using ${dir}: waiting for it to finish.`);
    return lockfile.lock(dir, {
      ...options,
      retries: { forever: true, minTimeout: 2_000, maxTimeout: 5_000 },
    });
  }
}

/** The benchmarks' database: BENCH_DATABASE_URL, else a PostgreSQL server kept in DATA_DIR/bench-postgres. */
export async function database(): Promise<{ url: string; stop: () => void }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => undefined };
  const dir = `${process.env.DATA_DIR ?? DEFAULT_DATA_DIR}/bench-postgres`;
  const release = await holdDirectory(dir);
  const cluster = await startPostgresCluster(dir, [
    'max_connections=200',
    'shared_buffers=512MB',
    'synchronous_commit=off',
  ]);
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'rrp_bench'`);
  if (!rowCount) await admin.query('create database rrp_bench');
  await admin.end();
  return {
    url: cluster.url.replace(/\/postgres$/, '/rrp_bench'),
    stop: () => {
      cluster.stop('fast');
      void release();
    },
  };
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
