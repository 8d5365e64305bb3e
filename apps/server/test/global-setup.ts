import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/platform/db/database';
import { seedReferenceData } from '../src/db/seed';
import { startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL of the PostgreSQL pass (each test file makes its own database on it), or null on PGlite. */
    postgresUrl: string | null;
    /**
     * The migrated database with its reference data that each test file's database starts as: a
     * PGlite archive's path, or a database name on the PostgreSQL pass's server.
     */
    templateDatabase: string;
  }
}

/** Migrating and seeding once instead of once per test file (each file still gets its own copy). */
const POSTGRES_TEMPLATE = 'rrp_template';

interface PgliteClient {
  exec(sql: string): Promise<unknown>;
  dumpDataDir(compression: 'none'): Promise<Blob>;
}

async function pgliteTemplate(dir: string): Promise<string> {
  const database = await openPglite(undefined);
  try {
    await seedReferenceData(database.db);
    const client = (database.db as unknown as { $client: PgliteClient }).$client;
    // Every test file starts a PGlite from this archive, and much of a start is PostgreSQL setting
    // up its shared buffers (128 MB by default) and replaying the WAL written since the last
    // checkpoint. A test file's database is a few megabytes, which 16 MB of buffers hold, and a
    // checkpoint here leaves nothing to replay: a start took a quarter less CPU (1.4 -> 1.05 s).
    await client.exec(`alter system set shared_buffers = '16MB'`);
    await client.exec('checkpoint');
    const archive = join(dir, 'template.tar');
    writeFileSync(archive, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return archive;
  } finally {
    await database.close();
  }
}

async function postgresTemplate(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openPostgres(url.toString(), { poolSize: 2 });
  try {
    await seedReferenceData(database.db);
  } finally {
    await database.close();
  }
  return POSTGRES_TEMPLATE;
}

/**
 * The PostgreSQL pass: a throw-away cluster in a temporary directory, started as a non-root user
 * (PostgreSQL refuses root), listening on 127.0.0.1 only, removed afterwards.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DB !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'rrp-pglite-template-'));
    project.provide('postgresUrl', null);
    project.provide('templateDatabase', await pgliteTemplate(dir));
    return () => rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    project.provide('templateDatabase', await postgresTemplate(process.env.TEST_DATABASE_URL));
    return () => void dropTemplate(process.env.TEST_DATABASE_URL!);
  }
  const dir = mkdtempSync(join(tmpdir(), 'rrp-pg-'));
  const cluster = await startPostgresCluster(dir, ['fsync=off', 'max_connections=200']);
  project.provide('postgresUrl', cluster.url);
  project.provide('templateDatabase', await postgresTemplate(cluster.url));
  return () => {
    try {
      cluster.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** On a server the tests did not start, the template goes when the run ends. */
async function dropTemplate(serverUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
  await admin.end();
}
