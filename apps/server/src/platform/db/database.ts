import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from '../../db/schema';
import { MIGRATIONS_FOLDER } from '../../paths';
import { LISTENER_APPLICATION_NAME, pgliteListen, postgresNotifications, type Listen } from './notifications';

type Schema = typeof schema;
/** The one database type the app codes against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repo functions take this (or the Db itself outside a transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Connections in use and waiting, for the metrics endpoint. */
interface PoolUse {
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
  /** Hears the NOTIFYs of the database's triggers (`DB_CHANNELS`), whoever wrote. */
  listen: Listen;
  close(): Promise<void>;
}

/**
 * Embedded PGlite: a directory on disk, or memory when `dataDir` is undefined (tests). `from` is a
 * dump (`dumpDataDir`) to start from instead of an empty cluster: the tests' migrated template.
 */
export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // Every process opening this data directory must load the same extensions.
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(from ? { loadDataDir: from } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    poolUse: () => ({ max: 1, total: 1, idle: 1, waiting: 0 }),
    listen: pgliteListen(client),
    close: () => client.close(),
  };
}

export interface PostgresOptions {
  poolSize?: number;
  /** PostgreSQL cancels a statement running longer (0 or absent: no limit). */
  statementTimeoutMs?: number;
}

/** A PostgreSQL server through a node-postgres pool; migrations run under an advisory lock. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const { Client, Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const notifications = postgresNotifications(
    () => new Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME }),
  );
  // Planner settings for an API of short queries on data in memory, many at a time (issue 15):
  // JIT compiling added 0.6-2 s to list plans; random reads cost about as much as sequential ones
  // (the default of 4 preferred reading all requests to 2,000 index lookups); parallel workers
  // only take cores from the other connections.
  const planner = '-c jit=off -c random_page_cost=1.1 -c max_parallel_workers_per_gather=0';
  const connections = (max: number, planning: string, onConnect?: typeof notifications.onConnect) => {
    const connectionPool = new Pool({
      connectionString: url,
      onConnect,
      max,
      options: `${planner} ${planning}`,
      // A query whose client has gone (or that went wrong) stops instead of loading the server for minutes.
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle connection the server drops (restart, failover) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    connectionPool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    return connectionPool;
  };
  // The named prepared statements (the hot reads by id, a list's unfiltered pages) keep one
  // generic plan per connection: re-planning them was their whole cost. The setting reaches every
  // statement of the connection, named or not.
  const pool = connections(
    options.poolSize ?? 10,
    '-c plan_cache_mode=force_generic_plan',
    notifications.onConnect,
  );
  // Statements whose best plan depends on their values (a filtered list's page) are planned for
  // each call, on connections of their own (`plannedPerCall`): with a generic plan, a reviewer's
  // requests of one type and status walked all 200,000 requests by date (72 ms, not 1.6).
  const perCallPool = connections(
    Math.max(2, Math.ceil((options.poolSize ?? 10) / 2)),
    '-c plan_cache_mode=auto',
  );
  const migrator = drizzle(pool, { schema });
  // Several instances may start together on one database: only one migrates at a time.
  const lockClient = await pool.connect();
  try {
    // Building an index on a large table may take longer than an API query is allowed to.
    await lockClient.query('set statement_timeout = 0');
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await lockClient.query('reset statement_timeout').catch(() => undefined);
    lockClient.release();
  }
  const db = migrator as unknown as Db;
  perCallTwins.set(db, drizzle(perCallPool, { schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    // Both pools: the connections this instance may hold are the sum of the two.
    poolUse: () => ({
      max: pool.options.max + perCallPool.options.max,
      total: pool.totalCount + perCallPool.totalCount,
      idle: pool.idleCount + perCallPool.idleCount,
      waiting: pool.waitingCount + perCallPool.waitingCount,
    }),
    listen: notifications.listen,
    close: async () => {
      await notifications.close();
      await Promise.all([pool.end(), perCallPool.end()]);
    },
  };
}

const perCallTwins = new WeakMap<DbOrTx, Db>();

/**
 * Where to run a statement whose best plan depends on its values: on PostgreSQL, the connections
 * that plan each call for its values (`openPostgres`); PGlite (one connection, plans chosen as
 * PostgreSQL does by default) and a transaction (its one connection) run it themselves.
 */
export function plannedPerCall(db: DbOrTx): DbOrTx {
  return perCallTwins.get(db) ?? db;
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Keys of the PostgreSQL advisory locks that keep instances starting together from stepping on
 * each other: after migrating (727274, in `openPostgres`), one seeds while the others wait; and
 * one at a time joins or tidies the instance registry.
 */
export const ADVISORY_LOCKS = { seed: 727275, instances: 727276, reminders: 727277 } as const;

/** Inside a transaction: waits until no other instance holds this lock; it is freed at commit. */
export async function lockForTransaction(tx: Tx, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/**
 * The seed's turn at start-up: an instance waits for another's whole seeding, which takes longer
 * than the statement timeout meant for API calls, so this transaction has none.
 */
export async function lockForSeeding(tx: Tx): Promise<void> {
  await tx.execute(sql`set local statement_timeout = 0`);
  await lockForTransaction(tx, ADVISORY_LOCKS.seed);
}
