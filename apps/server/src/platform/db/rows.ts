import { eq, type InferInsertModel, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

/** A table whose rows have a serial `id` and a `modified` time stamp, as most of the schema's. */
type EditableTable = PgTable & { id: PgColumn; modified: PgColumn };

/** Inserts one row and returns it as stored (defaults and id filled in). */
export async function insertRow<T extends PgTable>(
  db: DbOrTx,
  table: T,
  values: InferInsertModel<T>,
): Promise<InferSelectModel<T>> {
  const [row] = await db
    .insert(table as PgTable)
    .values(values as never)
    .returning();
  return row as InferSelectModel<T>;
}

/** Changes the row with this id, stamps it modified now, and returns it as stored. */
export async function updateRow<T extends EditableTable>(
  db: DbOrTx,
  table: T,
  id: number,
  values: Partial<InferInsertModel<T>>,
): Promise<InferSelectModel<T>> {
  const [row] = await db
    .update(table as EditableTable)
    .set({ ...values, modified: new Date() } as never)
    .where(eq(table.id, id))
    .returning();
  return row as InferSelectModel<T>;
}

/** The rows of a raw SQL statement (`db.execute`), typed as the caller names their columns. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
