import { sql, type SQL } from 'drizzle-orm';
import { history, users } from '../../db/schema';
import type { DbOrTx } from '../db/database';
import { personName } from '../db/json-sql-parts';
import { prepared } from '../db/prepared';

/** Where an object's version is read: its row, and its history's model when its writes keep one. */
export interface VersionSource {
  /** The table of the object's row. */
  table: string;
  /** The column the path's id names: `id` unless told (a one-to-one row names its parent's id). */
  key?: string;
  /** The model its history rows name (`recordHistory`), when its writes keep history. */
  history?: string;
  /**
   * The route's GET reads the version in the statement that reads the object (`versionSql`) and
   * answers a `VersionedAnswer`: one snapshot for both, and no statement of its own.
   */
  readWithAnswer?: boolean;
}

const rowOf = (source: VersionSource, id: number) =>
  sql`${sql.identifier(source.table)} where ${sql.identifier(source.key ?? 'id')} = ${id}`;

/** PGlite and node-postgres both answer `rows`. */
async function run<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The object's version: the row's `xmin` (the transaction that last wrote it) and its history's
 * latest version number (writes to related rows record history on the object), as SQL over a
 * statement that reads the row as `alias`.
 */
export function versionSql(source: VersionSource, alias = source.table): SQL {
  const row = sql.identifier(alias);
  const latestHistory = source.history
    ? sql`(select coalesce(max(${history.version}), 0) from ${history}
        where ${history.model} = ${source.history} and ${history.objectId} = ${row}.${sql.identifier(source.key ?? 'id')}::text)`
    : sql`0`;
  return sql`${row}.${sql.raw('xmin')}::text || '.' || ${latestHistory}`;
}

/**
 * The object's version (`versionSql`), `null` when no row has the id. In READ COMMITTED each
 * statement sees what committed before it began, so read after `lockRow` it sees the write the
 * lock waited for. A prepared statement per source, planned once per connection rather than on
 * each call.
 */
export async function readVersion(db: DbOrTx, source: VersionSource, id: number): Promise<string | null> {
  const key = source.key ?? 'id';
  const statement = prepared(db, `object_version_${source.table}_${key}_${source.history ?? ''}`, (name) =>
    db
      .select({ version: sql<string>`${versionSql(source)}` })
      .from(sql`${sql.identifier(source.table)}`)
      .where(sql`${sql.identifier(key)} = ${sql.placeholder('id')}`)
      .prepare(name),
  );
  const rows = await statement.execute({ id });
  return rows[0]?.version ?? null;
}

/** Locks the object's row until the transaction ends: a second checked write waits, then re-reads. */
export async function lockRow(tx: DbOrTx, source: VersionSource, id: number): Promise<void> {
  await tx.execute(sql`select 1 from ${rowOf(source, id)} for update`);
}

/** Who made the object's latest recorded change, and when. */
export async function latestChange(db: DbOrTx, model: string, id: number) {
  const rows = await run<{ modifier_id: number | null; display_name: string; modified: string }>(
    db,
    sql`select ${history.modifierId} as modifier_id,
        ${personName(users.firstName, users.lastName, users.email)} as display_name,
        to_char(${history.modified} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as modified
      from ${history} left join ${users} on ${users.id} = ${history.modifierId}
      where ${history.model} = ${model} and ${history.objectId} = ${String(id)}
      order by ${history.version} desc limit 1`,
  );
  return rows[0] ?? null;
}
