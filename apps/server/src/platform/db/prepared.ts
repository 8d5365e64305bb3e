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
