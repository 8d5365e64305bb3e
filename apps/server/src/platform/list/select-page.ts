import { and, count, eq, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/database';
import type { ListSpec, ParsedList } from './list-spec';

/** One page of a single table's rows plus the total, for lists that need no joins. */
export async function selectPage<T extends PgTable>(
  db: DbOrTx,
  table: T,
  list: ParsedList,
): Promise<{ rows: InferSelectModel<T>[]; count: number }> {
  const source = table as PgTable;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(source)
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    db.select({ count: count() }).from(source).where(list.where),
  ]);
  return { rows: rows as InferSelectModel<T>[], count: total?.count ?? 0 };
}

/**
 * The ids of one page, in order, and the total — the first half of the list pattern for lists
 * whose rows carry joins or computed columns (docs/ARCHITECTURE.md "Lists at scale"). Filters,
 * search and ordering run over the listed table and the spec's to-one joins only; the caller then
 * loads the full rows `where id in (ids)` and puts them in page order (`inPageOrder`), so per-row
 * work is done for the page's rows and never for the rows OFFSET skips. `scope` is the caller's
 * visibility condition. A caller that walks every page (a streamed export) skips the count.
 */
export async function selectPageIds(
  db: DbOrTx,
  spec: ListSpec,
  list: ParsedList,
  scope?: SQL,
  options: { count: boolean } = { count: true },
): Promise<{ ids: number[]; count: number }> {
  const table = spec.id.table as PgTable;
  const where = and(scope, list.where);
  const withJoins = <Q extends { leftJoin: (table: PgTable, on: SQL) => Q }>(query: Q) =>
    (spec.joins ?? []).reduce((joined, join) => joined.leftJoin(join.table, join.on), query);
  const [rows, [total]] = await Promise.all([
    withJoins(
      db
        .select({ id: sql<number>`${spec.id}` })
        .from(table)
        .$dynamic(),
    )
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    options.count
      ? withJoins(db.select({ count: count() }).from(table).$dynamic()).where(where)
      : Promise.resolve([]),
  ]);
  return { ids: rows.map((row) => Number(row.id)), count: total?.count ?? 0 };
}

/** Rows loaded by id, put back in the order of the page's ids. */
export function inPageOrder<T>(ids: readonly number[], rows: readonly T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}

/** The row of a single-table list with this id, or null: the single-object GET of that list. */
export async function selectOne<T extends PgTable>(
  db: DbOrTx,
  table: T,
  spec: ListSpec,
  id: number,
): Promise<InferSelectModel<T> | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(spec.id, id))
    .limit(1);
  return (row as InferSelectModel<T> | undefined) ?? null;
}
