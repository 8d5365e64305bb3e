import { count, eq, type InferSelectModel } from 'drizzle-orm';
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
