import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { boolean, pgTable, serial, type PgTable } from 'drizzle-orm/pg-core';
import { LIMITS } from '@rrp/domain';
import { openTestDatabase } from '../../../test/test-app';
import { countRows } from './select-page';

/** A table of this test only: a count is about rows, not about any one area's rules. */
const probe = pgTable('count_probe', {
  id: serial('id').primaryKey(),
  flagged: boolean('flagged').notNull(),
});
const limit = LIMITS.list.exactCount;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table count_probe (id serial primary key, flagged boolean not null)`);
  // 3 flagged rows among limit + 500.
  await database.db.execute(
    sql`insert into count_probe (flagged) select n <= 3 from generate_series(1, ${limit + 500}) as n`,
  );
  await database.db.execute(sql`analyze count_probe`);
  // A whole table analysed at three times the limit, then emptied but for 7 rows, its statistics
  // kept (no autovacuum); and a table of a few rows.
  await database.db.execute(
    sql`create table count_probe_large (id serial primary key, flagged boolean not null) with (autovacuum_enabled = false)`,
  );
  await database.db.execute(
    sql`insert into count_probe_large (flagged) select false from generate_series(1, ${3 * limit}) as n`,
  );
  await database.db.execute(
    sql`create table count_probe_small (id serial primary key, flagged boolean not null)`,
  );
  await database.db.execute(
    sql`insert into count_probe_small (flagged) select false from generate_series(1, 7)`,
  );
  await database.db.execute(sql`analyze count_probe_large`);
  await database.db.execute(sql`delete from count_probe_large where id > 7`);
  await database.db.execute(sql`analyze count_probe_small`);
});
afterAll(async () => {
  await database.close();
});

const large = pgTable('count_probe_large', { id: serial('id').primaryKey() });
const small = pgTable('count_probe_small', { id: serial('id').primaryKey() });
const whole = (table: PgTable) => () =>
  database.db
    .select({ one: sql<number>`1`.as('one') })
    .from(table)
    .$dynamic();

const matching = (onlyFlagged: boolean) => () =>
  database.db
    .select({ one: sql<number>`1`.as('one') })
    .from(probe)
    .where(onlyFlagged ? eq(probe.flagged, true) : undefined)
    .$dynamic();

describe('countRows', () => {
  it('counts exactly up to the limit', async () => {
    expect(await countRows(database.db, matching(true))).toBe(3);
  });

  it('answers the planner’s estimate beyond the limit, never less than the limit', async () => {
    const estimate = await countRows(database.db, matching(false));
    expect(estimate).toBeGreaterThan(limit);
    // ANALYZE reads the whole of a table this small: the estimate is the real size, give or take.
    expect(Math.abs(estimate - (limit + 500))).toBeLessThan((limit + 500) * 0.1);
  });

  it('answers a whole table’s estimate, without counting, when its statistics put it well past the limit', async () => {
    const estimate = await countRows(database.db, whole(large), { whole: true });
    expect(Math.abs(estimate - 3 * limit)).toBeLessThan(3 * limit * 0.1);
    // Counted, the same table has its 7 rows.
    expect(await countRows(database.db, whole(large))).toBe(7);
  });

  it('still counts a whole table of few rows exactly', async () => {
    expect(await countRows(database.db, whole(small), { whole: true })).toBe(7);
  });
});
