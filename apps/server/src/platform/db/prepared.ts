import { createHash } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './database';

/*
 * Hot reads by id run as named prepared statements (issue 15). PostgreSQL then plans each once per
 * connection (the pool forces generic plans for them): planning the request page's reads anew cost
 * the database many times their execution. And the statement is built once per database handle:
 * building the SQL was the largest part of the server's own CPU time per request page.
 */

/** `column = any($ids)`: one statement text for any number of ids, so that it can be prepared. */
export function anyOfIds(column: AnyColumn | SQL): SQL {
  return sql`${column} = any(${sql.placeholder('ids')}::int[])`;
}

const statementsByHandle = new WeakMap<object, Map<string, unknown>>();

/**
 * The statement `name` on this handle, built by `build(name)` (ending in `.prepare(name)`) the
 * first time only. A transaction is a handle of its own, so inside one it is built for it.
 */
export function prepared<T>(db: DbOrTx, name: string, build: (name: string) => T): T {
  let statements = statementsByHandle.get(db);
  if (!statements) statementsByHandle.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) statements.set(name, (statement = build(name)));
  return statement;
}

/** A query drizzle can show as text and prepare under a name. */
interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
  execute(): Promise<T>;
}

/** At most this many statement texts are named per process: PostgreSQL keeps each one per connection. */
const MAX_NAMED_TEXTS = 100;
const namesByText = new Map<string, string>();

/**
 * Runs a statement built afresh on each call (a list's page of ids, its count) as a named prepared
 * statement named after its text, so PostgreSQL plans each text once per connection instead of on
 * every call (0.3–1.5 ms of planning on a list's pages, more than running them). Only for texts
 * whose one generic plan suits every value: callers send their unfiltered pages (any ordering,
 * offset and caller), not a search pattern or a filter whose selectivity varies. Bounded: the first
 * `MAX_NAMED_TEXTS` texts the process sees; any later one runs unnamed, as before.
 */
export function executeNamedByText<T>(query: Preparable<T>): Promise<T> {
  const text = query.toSQL().sql;
  let name = namesByText.get(text);
  if (name === undefined && namesByText.size < MAX_NAMED_TEXTS) {
    name = `text_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    namesByText.set(text, name);
  }
  return name === undefined ? query.execute() : query.prepare(name).execute();
}
