import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * Pieces the list and detail read models share beyond json-sql.ts (issue 32): the page's ids in
 * their order, a person's display name, a to-one relation shown as an id or expanded, and an
 * answer the domain computed per combination of a row's facts.
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
export function flag(name: string): SQL<boolean> {
  return sql<boolean>`${sql.placeholder(name)}::boolean`;
}

/**
 * A to-one relation as the API shows it: null when absent, its id, or `expanded` (an object)
 * when the `expandParam` flag is set.
 */
export function idOrExpanded(id: Value, expanded: SQL, expandParam: string): SQL {
  return sql`case when ${id} is null then null when ${flag(expandParam)} then ${expanded} else to_json(${id}) end`;
}

/**
 * The domain's answer for the row, picked among answers computed in Node once per call: `param`
 * holds a JSON array of the answers for every combination of `facts` (as `answersByFacts` builds
 * it) and the row's facts, read as bits, index it. The rule stays the domain's; SQL only chooses.
 */
export function answerByFacts(param: string, facts: readonly SQL[]): SQL {
  const index = facts.map(
    (fact, at) => sql`(case when ${fact} then ${sql.raw(String(2 ** (facts.length - 1 - at)))} else 0 end)`,
  );
  return sql`(${sql.placeholder(param)}::json -> (${sql.join(index, sql` + `)}))`;
}

/**
 * The parameter `answerByFacts` reads: the answer for each combination of `count` facts, first
 * fact the highest bit (all false first, all true last), as one JSON text.
 */
export function answersByFacts(count: number, answer: (facts: boolean[]) => unknown): string {
  const answers: unknown[] = [];
  for (let combination = 0; combination < 2 ** count; combination += 1) {
    answers.push(
      answer(Array.from({ length: count }, (_, at) => Boolean(combination & (2 ** (count - 1 - at))))),
    );
  }
  return JSON.stringify(answers);
}

/** `{"a":1, "b":2}` without its closing brace, so that Node can append fields it computes. */
export function openObject(object: SQL): SQL<string> {
  return sql<string>`left(${object}::text, -1)`;
}
