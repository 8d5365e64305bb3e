import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

export async function findFile(db: DbOrTx, id: number, lock = false): Promise<FileRow | null> {
  const query = db.select().from(files).where(eq(files.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateFile(
  db: DbOrTx,
  id: number,
  values: Partial<typeof files.$inferInsert>,
): Promise<FileRow> {
  const [row] = await db
    .update(files)
    .set({ ...values, modified: new Date() })
    .where(eq(files.id, id))
    .returning();
  return row!;
}
