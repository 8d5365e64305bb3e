import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from '../../db/schema';

export type Schema = typeof schema;
/** The one database type the app codes against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repo functions take this (or the Db itself outside a transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Connections in use and waiting, for the metrics endpoint. */
export interface PoolUse {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite is one in-process connection: always 1 of 1. */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../db/migrations', import.meta.url));

/** Embedded PGlite: a directory on disk, or memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // Every process opening this data directory must load the same extensions.
  const client = await PGlite.create(
    dataDir ? { dataDir, extensions: { pg_trgm } } : { extensions: { pg_trgm } },
  );
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    poolUse: () => ({ max: 1, total: 1, idle: 1, waiting: 0 }),
    close: () => client.close(),
  };
}

/** A PostgreSQL server through a node-postgres pool; migrations run under an advisory lock. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops (restart, failover) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const migrator = drizzle(pool, { schema });
  // Several instances may start together on one database: only one migrates at a time.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    lockClient.release();
  }
  return {
    db: migrator as unknown as Db,
    kind: 'postgres',
    poolUse: () => ({
      max: poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Keys of the PostgreSQL advisory locks that keep instances starting together from stepping on
 * each other: after migrating (727274, in `openPostgres`), one seeds while the others wait; and
 * one at a time joins or tidies the instance registry.
 */
export const ADVISORY_LOCKS = { seed: 727275, instances: 727276 } as const;

/** Inside a transaction: waits until no other instance holds this lock; it is freed at commit. */
export async function lockForTransaction(tx: Tx, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}
