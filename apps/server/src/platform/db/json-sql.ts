import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * Building the API's JSON in PostgreSQL (the read model, issue 32): a page's rows come back as one
 * JSON text in the spec's field names, which the route sends without parsing it (`JsonText`).
 * These are the pieces every read model composes; what a field means stays in its module's query.
 */

type Value = SQL | AnyColumn | SQL.Aliased;

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`); null stays null. */
export function isoTimestamp(value: Value): SQL<string | null> {
  return sql<string | null>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * `json_build_object` of these fields, in this order (the key order of the answer). PostgreSQL
 * takes at most 100 arguments, so an object of more than 50 fields is built from parts joined as
 * text — still one JSON object, its keys in order.
 */
export function jsonObject(fields: Record<string, Value>): SQL<unknown> {
  const entries = Object.entries(fields);
  const parts: SQL[] = [];
  for (let at = 0; at < entries.length; at += 50) {
    const pairs = entries
      .slice(at, at + 50)
      .flatMap(([key, value]) => [sql.raw(`'${key.replaceAll("'", "''")}'`), sql`${value}`]);
    parts.push(sql`json_build_object(${sql.join(pairs, sql`, `)})`);
  }
  if (parts.length === 1) return parts[0]!;
  // '{"a":1}' and '{"b":2}' → '{"a":1, "b":2}': each part without its closing or opening brace.
  const texts = parts.map((part, index) => {
    const text = sql`${part}::text`;
    if (index === 0) return sql`left(${text}, -1)`;
    if (index === parts.length - 1) return sql`substr(${text}, 2)`;
    return sql`substr(left(${text}, -1), 2)`;
  });
  return sql`(${sql.join(texts, sql` || ', ' || `)})::json`;
}

/** The rows of a subquery as a JSON array in their order, `[]` when there are none. */
export function jsonArray(row: Value, orderBy?: SQL): SQL<unknown> {
  return orderBy
    ? sql`coalesce(json_agg(${row} order by ${orderBy}), '[]'::json)`
    : sql`coalesce(json_agg(${row}), '[]'::json)`;
}
