import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { boolean, pgTable, serial } from 'drizzle-orm/pg-core';
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
});
afterAll(async () => {
  await database.close();
});

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
});
