import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, openTestDatabase, type TestContext } from './test-app';

/**
 * Each test file's database starts as the run's template, whatever the file before it did: on
 * PGlite the worker's database is put back to the template's rows (pglite-reuse.ts), on the
 * PostgreSQL pass each file has a new copy. Either way a file sees none of another's rows or ids.
 */
const numberOf = async (t: TestContext, query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe("a test file's database", () => {
  it("holds none of the previous file's rows, changed reference rows or ids", async () => {
    const first = await createTestContext();
    const template = {
      users: await numberOf(first, sql`select count(*)::int as n from users`),
      groups: await numberOf(first, sql`select count(*)::int as n from groups`),
    };
    const created = await first.createUser({ roles: ['portal_admin'] });
    await first.createUser({ roles: ['primary_researcher'] });
    await first.database.db.execute(sql`update groups set name = name || ' (renamed)'`);
    await first.close();

    const second = await createTestContext();
    try {
      expect(await numberOf(second, sql`select count(*)::int as n from users`)).toBe(template.users);
      expect(
        await numberOf(second, sql`select count(*)::int as n from groups where name like '% (renamed)'`),
      ).toBe(0);
      expect(await numberOf(second, sql`select count(*)::int as n from groups`)).toBe(template.groups);
      // Ids start where the template's did: the first account made now gets the same id as before.
      expect((await second.createUser({ roles: ['portal_admin'] })).id).toBe(created.id);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('is not handed on with a schema a file changed', async () => {
    const first = await openTestDatabase();
    await first.db.execute(sql`create table probe_of_this_file (id int)`);
    await first.close();
    const second = await openTestDatabase();
    try {
      const found = (await second.db.execute(
        sql`select count(*)::int as n from pg_class where relname = 'probe_of_this_file'`,
      )) as unknown as { rows: { n: number }[] };
      expect(found.rows[0]!.n).toBe(0);
    } finally {
      await second.close();
    }
  }, 120_000);
});
