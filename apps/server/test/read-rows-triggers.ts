import { fillPlaceholders, sql, type Query } from 'drizzle-orm';
import type { DbOrTx } from '../src/platform/db/database';

/**
 * The tables a read model's statement reads (its plan's relations, by EXPLAIN) and, of those,
 * the ones no trigger tells the kept rows of (migrations 0035, 0037): a kept row would outlive a
 * write to one of them.
 */
export async function tablesReadWithoutTrigger(
  db: DbOrTx,
  query: Query,
  values: Record<string, unknown>,
): Promise<{ read: Set<string>; untold: string[] }> {
  const client = (db as unknown as { $client: { query(text: string, values: unknown[]): Promise<unknown> } })
    .$client;
  const params = fillPlaceholders(query.params, values);
  const plan = (await client.query(`explain (format json) ${query.sql}`, params)) as { rows: unknown[] };
  const read = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const relation = (node as Record<string, unknown>)['Relation Name'];
    if (typeof relation === 'string') read.add(relation);
    Object.values(node).forEach(walk);
  };
  walk(plan.rows);
  const triggered = await db.execute(sql`
    select distinct c.relname as name from pg_trigger tg
    join pg_class c on c.oid = tg.tgrelid join pg_proc f on f.oid = tg.tgfoid
    where f.proname in ('notify_read_rows_changed', 'notify_reviewed_project_changed')`);
  const told = new Set((triggered as unknown as { rows: { name: string }[] }).rows.map((row) => row.name));
  return { read, untold: [...read].filter((table) => !told.has(table)) };
}
