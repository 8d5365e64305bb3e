import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { updateRow } from '../../platform/db/rows';
import { inPageOrder, selectPageIds, type ParsedList } from '../../platform/list';
import { releaseNotes } from '../../db/schema';
import { releaseNoteList } from './release-notes.lists';

export type ReleaseNoteRow = typeof releaseNotes.$inferSelect;

export async function findReleaseNote(db: DbOrTx, id: number, lock = false): Promise<ReleaseNoteRow | null> {
  const query = db.select().from(releaseNotes).where(eq(releaseNotes.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** One page of the release selector and the total; `releasedOnly` hides the drafts. */
export async function releaseNotePage(db: DbOrTx, list: ParsedList, releasedOnly: boolean) {
  const scope = releasedOnly ? eq(releaseNotes.released, true) : undefined;
  const page = await selectPageIds(db, releaseNoteList, list, scope);
  const rows =
    page.ids.length === 0
      ? []
      : await db
          .select()
          .from(releaseNotes)
          .where(inArray(releaseNotes.id, [...page.ids]));
  return { count: page.count, rows: inPageOrder(page.ids, rows, (row) => row.id) };
}

/** Inserts a note; null when its version is taken (the unique index decides, race-free). */
export async function insertReleaseNote(
  db: DbOrTx,
  values: typeof releaseNotes.$inferInsert,
): Promise<ReleaseNoteRow | null> {
  const [row] = await db
    .insert(releaseNotes)
    .values(values)
    .onConflictDoNothing({ target: releaseNotes.version })
    .returning();
  return row ?? null;
}

/** Whether another note has this version. */
export async function versionTaken(db: DbOrTx, version: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: releaseNotes.id })
    .from(releaseNotes)
    .where(and(eq(releaseNotes.version, version), ne(releaseNotes.id, exceptId)));
  return row !== undefined;
}

export const updateReleaseNote = (
  db: DbOrTx,
  id: number,
  values: Partial<typeof releaseNotes.$inferInsert>,
): Promise<ReleaseNoteRow> => updateRow(db, releaseNotes, id, values);

export async function deleteReleaseNote(db: DbOrTx, id: number): Promise<void> {
  await db.delete(releaseNotes).where(eq(releaseNotes.id, id));
}
