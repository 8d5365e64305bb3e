import { and, desc, eq, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { insertRow, updateRow } from '../../platform/db/rows';
import { countMatching, type ParsedList } from '../../platform/list';
import { files, users } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;
export type FileChanges = Partial<typeof files.$inferInsert>;
export type FileListRow = FileRow & { creatorFirstName: string | null; creatorLastName: string | null };

export function insertFile(db: DbOrTx, values: typeof files.$inferInsert): Promise<FileRow> {
  return insertRow(db, files, values);
}

export async function findFile(db: DbOrTx, id: number, lock = false): Promise<FileRow | null> {
  const query = db.select().from(files).where(eq(files.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The file whose bytes a signed URL names. */
export async function findByStorageKey(db: DbOrTx, key: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.storageKey, key));
  return row ?? null;
}

/** Of these files, those the caller may see (`visible`, from `readableFilesWhere`). */
export async function findVisibleFiles(db: DbOrTx, ids: readonly number[], visible: SQL): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(inArray(files.id, [...ids]), visible));
}

/**
 * Which files of a registered type a reader may see: `every` one, their `own` uploads, or those
 * meeting the type's condition.
 */
export interface TypeReadable {
  type: string;
  which: 'every' | 'own' | SQL;
}

/**
 * The files a reader may see, as one condition: their own uploads of types no module has
 * registered, and of each registered type those `readable` names (a type it leaves out, none).
 */
export function readableFilesWhere(
  userId: number,
  registeredTypes: readonly string[],
  readable: readonly TypeReadable[],
): SQL {
  const own = eq(files.creatorId, userId);
  const clauses: SQL[] = [
    registeredTypes.length ? and(own, notInArray(files.type, [...registeredTypes]))! : own,
  ];
  for (const { type, which } of readable) {
    if (which === 'every') clauses.push(eq(files.type, type));
    else clauses.push(and(eq(files.type, type), which === 'own' ? own : which)!);
  }
  return or(...clauses)!;
}

export function updateFile(db: DbOrTx, id: number, values: FileChanges): Promise<FileRow> {
  return updateRow(db, files, id, values);
}

/** One page of files matching the list's filters and the caller's visibility, with creators' names. */
export async function listFiles(
  db: DbOrTx,
  list: ParsedList,
  visible: SQL,
): Promise<{ rows: FileListRow[]; count: number }> {
  const where = and(visible, list.where);
  const [rows, total] = await Promise.all([
    db
      .select({ file: files, creatorFirstName: users.firstName, creatorLastName: users.lastName })
      .from(files)
      .leftJoin(users, eq(users.id, files.creatorId))
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, files, where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.file,
      creatorFirstName: row.creatorFirstName,
      creatorLastName: row.creatorLastName,
    })),
    count: total,
  };
}

/** The newest file with this exact name among those the caller may see. */
export async function findNewestByName(db: DbOrTx, name: string, visible: SQL): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(visible, eq(files.name, name)))
    .orderBy(desc(files.created), desc(files.id))
    .limit(1);
  return row ?? null;
}

/** Of these files, the ids uploaded by one of `creatorIds` and linked to no request or to `requestId`. */
export async function uploadedBy(
  db: DbOrTx,
  ids: readonly number[],
  creatorIds: readonly number[],
  requestId: number | null,
): Promise<Set<number>> {
  if (ids.length === 0 || creatorIds.length === 0) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, [...ids]),
        inArray(files.creatorId, [...creatorIds]),
        requestId === null
          ? isNull(files.requestId)
          : or(isNull(files.requestId), eq(files.requestId, requestId)),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function linkToRequest(db: DbOrTx, ids: readonly number[], requestId: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(files)
    .set({ requestId, modified: new Date() })
    .where(and(inArray(files.id, [...ids]), isNull(files.requestId)));
}
