import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * Pieces the list and detail read models share beyond json-sql.ts (issue 32): the page's ids in
 * their order, a person's display name, a to-one relation shown as an id or expanded, a row's
 * text left open for the fields Node adds, and the page as one JSON array text.
 */

type Value = SQL | AnyColumn;

/**
 * The page's ids in page order, as the `from` of a read-model statement: `page.id` joins the
 * listed table, `page.ord` orders the rows (the ids come as the `ids` parameter, `any($ids)`'s).
 */
export const pageOfIds = sql`unnest(${sql.placeholder('ids')}::int[]) with ordinality as page(id, ord)`;

/** The page's position of a row, to order the statement's rows by. */
export const pageOrder = sql`page.ord`;

/** `first last` trimmed (how every presenter names a person), else `fallback`, else ''. */
export function personName(first: Value, last: Value, fallback?: Value): SQL<string> {
  const name = sql`nullif(btrim(${first} || ' ' || ${last}), '')`;
  return fallback
    ? sql<string>`coalesce(${name}, nullif(${fallback}, ''), '')`
    : sql<string>`coalesce(${name}, '')`;
}

/**
 * A boolean parameter of the statement (which relations the caller expands): one prepared
 * statement serves every combination.
 */
function flag(name: string): SQL<boolean> {
  return sql<boolean>`${sql.placeholder(name)}::boolean`;
}

/**
 * A to-one relation as the API shows it: null when absent, its id, or `expanded` (an object)
 * when the `expandParam` flag is set.
 */
export function idOrExpanded(id: Value, expanded: SQL, expandParam: string): SQL {
  return sql`case when ${id} is null then null when ${flag(expandParam)} then ${expanded} else to_json(${id}) end`;
}

/** `{"a":1, "b":2}` without its closing brace, so that Node can append fields it computes. */
export function openObject(object: SQL): SQL<string> {
  return sql<string>`left(${object}::text, -1)`;
}

/** The page's rows as one JSON array text, in page order (`[]` for none): what a list answers. */
export function pageJsonText(row: SQL): SQL<string> {
  return sql<string>`coalesce(json_agg(${row} order by ${pageOrder}), '[]')::text`;
}

/**
 * The name a table of codes gives `code` (a status's or type's name), else `unknown`: the table is
 * the domain's constant, written into the statement as a literal.
 */
export function codeName(code: Value, names: Readonly<Record<number, string>>, unknown: string): SQL<string> {
  const table = JSON.stringify(names).replaceAll("'", "''");
  const fallback = unknown.replaceAll("'", "''");
  return sql<string>`coalesce(${sql.raw(`'${table}'`)}::jsonb ->> (${code})::text, ${sql.raw(`'${fallback}'`)})`;
}
