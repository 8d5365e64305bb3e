import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { plannedPerCall, type DbOrTx } from '../src/platform/db/database';
import { openTestDatabase } from './test-app';

/**
 * The app's statements run with one of two planning modes on PostgreSQL: the pool's connections
 * keep one generic plan per prepared statement (the hot reads by id), and `plannedPerCall` hands
 * out connections that plan each call for its values (a filtered list's page of ids). PGlite has
 * one connection and PostgreSQL's default choice, and a transaction keeps its own connection.
 */
describe('query planning', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const modeOf = async (db: DbOrTx) =>
    (
      (await db.execute(sql`select current_setting('plan_cache_mode') as mode`)) as unknown as {
        rows: { mode: string }[];
      }
    ).rows[0]!.mode;

  it('plans the pool’s statements generically, and per call where the values decide the plan', async () => {
    const { db } = database;
    if (database.kind === 'postgres') {
      expect(await modeOf(db)).toBe('force_generic_plan');
      expect(await modeOf(plannedPerCall(db))).toBe('auto');
    } else {
      expect(plannedPerCall(db)).toBe(db);
      expect(await modeOf(db)).toBe('auto');
    }
  });

  it('runs a transaction’s statements on its own connection', async () => {
    await database.db.transaction(async (tx) => {
      expect(plannedPerCall(tx)).toBe(tx);
    });
  });

  it('sees from the per-call connections what the pool’s connections committed', async () => {
    const { db } = database;
    await db.execute(sql`create table planning_probe (id int)`);
    await db.execute(sql`insert into planning_probe values (1), (2)`);
    const counted = (await plannedPerCall(db).execute(
      sql`select count(*)::int as n from planning_probe`,
    )) as unknown as { rows: { n: number }[] };
    expect(counted.rows[0]!.n).toBe(2);
  });
});
