import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { canonicalInteger, LIMITS, MAX_ID } from '@rrp/domain';
import { ValidationError } from '../http/errors';
import { FieldErrorCollector } from '../http/field-errors';

type FieldType = 'int' | 'text' | 'bool' | 'date';
export type Lookup = 'exact' | 'in' | 'icontains' | 'isnull' | 'gte' | 'lte' | 'gt' | 'lt';

/** A table column, or a computed SQL expression (e.g. a status derived from several columns). */
type Operand = AnyColumn | SQL;

/**
 * One filterable field. `column` filters the listed table directly; `through` reaches a related
 * table (e.g. `reviews__user`): it wraps the condition built on the related column, typically
 * in an EXISTS subquery, so a related path never multiplies rows.
 */
export interface FilterDef {
  type: FieldType;
  column: Operand;
  through?: (condition: SQL) => SQL;
  lookups?: readonly Lookup[];
  /**
   * Builds the condition itself, for a filter that is not a comparison of one column (e.g. a
   * quarter turned into a date range). Throw an Error with the field message for a bad value.
   */
  build?: (lookup: Lookup, raw: string) => SQL;
}

/**
 * A to-one table the ordering or search reads (the owner of a request, its institution), left-joined
 * on a unique key in the page query. PostgreSQL drops such a join when no clause of the query uses
 * it, so a list pays for a join only when it is ordered or searched by it.
 */
interface ListJoin {
  table: PgTable;
  on: SQL;
  /**
   * For a foreign key that is never null (a request's owner and project): the orderings that read
   * this table. The join is then inner and added only for them (PostgreSQL keeps an unused inner
   * join), so the page can walk the sort column's index from the joined table and stop after one
   * page; a left join must sort every listed row first (issue 15: 5.7 s against 65 ms).
   */
  innerFor?: readonly string[];
}

/**
 * A search over a related table, as the set of listed ids whose related row matches: each set is
 * found through its own trigram index and the sets are united, where one OR across several joined
 * tables could only be answered by reading every row.
 */
export interface IdSetSearch {
  ids: (pattern: string) => SQL;
}

export interface ListSpec {
  filters: Record<string, FilterDef>;
  /** API ordering name -> column; the id tie-breaker is added by the parser. */
  ordering: Record<string, Operand>;
  defaultOrdering: readonly string[];
  /**
   * What the `search` parameter matches (case-insensitive substring; trigram-indexed): columns or
   * expressions of the listed table, or id sets of related rows (`IdSetSearch`).
   */
  search?: readonly (AnyColumn | SQL | IdSetSearch)[];
  /**
   * The `search` fields kept in trigram-indexed columns of the listed table, several fields to a
   * column joined by `separator`: a term without the separator is matched there, an index or two
   * instead of one per field (a match cannot span two fields); a term holding it is matched field
   * by field.
   */
  searchColumns?: {
    columns: readonly AnyColumn[];
    separator: string;
    /**
     * Those of `columns` kept in lower case: matched with LIKE against the lower-cased pattern,
     * which rechecks each trigram match for half what ILIKE does (it lower-cases every row).
     */
    lowerCased?: readonly AnyColumn[];
  };
  /** The to-one tables `ordering`, `search` or filters read in the page query. */
  joins?: readonly ListJoin[];
  expand?: readonly string[];
  /** Route-specific parameters that are not filters (e.g. `split`), validated by the route. */
  extraParams?: readonly string[];
  /** The id column, used as the final tie-breaker so paging is stable. */
  id: AnyColumn;
}

const DEFAULT_LOOKUPS: Record<FieldType, readonly Lookup[]> = {
  int: ['exact', 'in', 'isnull', 'gte', 'lte', 'gt', 'lt'],
  text: ['exact', 'in', 'icontains', 'isnull'],
  bool: ['exact', 'isnull'],
  date: ['exact', 'isnull', 'gte', 'lte', 'gt', 'lt'],
};

const RESERVED = ['limit', 'offset', 'ordering', 'search', 'expand'] as const;

function paramNames(name: string, def: FilterDef): string[] {
  return (def.lookups ?? DEFAULT_LOOKUPS[def.type]).map((lookup) =>
    lookup === 'exact' ? name : `${name}__${lookup}`,
  );
}

/**
 * The query-string schema of a list route, generated from its spec: every filter and lookup is
 * declared (and documented in OpenAPI), and an undeclared parameter is a 400.
 */
export function listQuerySchema(spec: ListSpec) {
  const names = [
    ...RESERVED,
    ...(spec.extraParams ?? []),
    ...Object.entries(spec.filters).flatMap(([name, def]) => paramNames(name, def)),
  ];
  return z.strictObject(Object.fromEntries(names.map((name) => [name, z.string().max(2000).optional()])));
}

export interface ParsedList {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The ordering fields asked for, by their API names (without `-`). */
  orderings: readonly string[];
  limit: number;
  offset: number;
  expand: ReadonlySet<string>;
}

/**
 * The value an enum-like filter names, looked up among the table's own keys only: the caller's
 * text may be `constructor`, `__proto__` or `toString`, which a plain object lookup would answer
 * with something of Object.prototype.
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

// Looked up by the caller's text: a Map, so `constructor` or `__proto__` are not values.
const BOOL_VALUES = new Map([
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
]);

function parseValue(type: FieldType, raw: string): unknown {
  switch (type) {
    case 'int': {
      // Written one way only, as ids in paths are: no `+`, spaces, `0x` or `1e1`, no leading zero.
      if (!/^-?\d+$/.test(raw)) throw new Error('Enter a whole number.');
      if (/^-?0\d|^-0$/.test(raw)) throw new Error('Enter a whole number without leading zeros.');
      // Integer columns are 32-bit: a larger number would fail in the database, not match.
      const value = canonicalInteger(raw);
      if (value === undefined) {
        throw new Error(
          raw.startsWith('-')
            ? `Ensure this value is greater than or equal to ${-MAX_ID - 1}.`
            : `Ensure this value is less than or equal to ${MAX_ID}.`,
        );
      }
      return value;
    }
    case 'bool': {
      const value = BOOL_VALUES.get(raw.trim().toLowerCase());
      if (value === undefined) throw new Error('Enter true or false.');
      return value;
    }
    case 'date': {
      const date = new Date(raw);
      if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(date.getTime())) {
        throw new Error('Enter a date as YYYY-MM-DD.');
      }
      return date;
    }
    case 'text':
      return raw;
  }
}

/** A user's text as a LIKE pattern's literal part: %, _ and \\ match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function condition(def: FilterDef, lookup: Lookup, raw: string): SQL {
  // drizzle's operators take a column or an SQL expression alike; one overload keeps the calls simple.
  const column = def.column as AnyColumn;
  switch (lookup) {
    case 'exact':
      return eq(column, parseValue(def.type, raw));
    case 'in': {
      const values = raw
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => parseValue(def.type, part));
      return values.length === 0 ? sql`false` : inArray(column, values);
    }
    case 'icontains':
      return ilike(column, `%${escapeLike(raw)}%`);
    case 'isnull':
      return parseValue('bool', raw) ? isNull(column) : isNotNull(column);
    case 'gte':
      return gte(column, parseValue(def.type, raw));
    case 'lte':
      return lte(column, parseValue(def.type, raw));
    case 'gt':
      return gt(column, parseValue(def.type, raw));
    case 'lt':
      return lt(column, parseValue(def.type, raw));
  }
}

const isIdSet = (field: AnyColumn | SQL | IdSetSearch): field is IdSetSearch => 'ids' in field;

/**
 * Plain fields as one OR of ILIKEs; with id sets, the listed id in the union of every field's set;
 * with search columns (and a term without their separator), the ILIKEs of those columns only. A
 * searched page is planned for its pattern (decision 439), so PostgreSQL reads the trigram
 * indexes' bitmap and sorts what it finds rather than walking the ordering's index.
 */
function searchCondition(spec: ListSpec, pattern: string): SQL {
  if (spec.searchColumns && !pattern.includes(spec.searchColumns.separator)) {
    const { columns, lowerCased = [] } = spec.searchColumns;
    return or(
      ...columns.map((column) =>
        lowerCased.includes(column) ? like(column, sql`lower(${pattern})`) : ilike(column, pattern),
      ),
    )!;
  }
  const fields = spec.search ?? [];
  const plain = fields.filter((field) => !isIdSet(field)) as (AnyColumn | SQL)[];
  const sets = fields.filter(isIdSet);
  const matches = plain.map((column) => ilike(column as AnyColumn, pattern));
  if (sets.length > 0) {
    matches.push(
      sql`${spec.id} in (${sql.join(
        sets.map((set) => set.ids(pattern)),
        sql` union `,
      )})`,
    );
  }
  return or(...matches)!;
}

function parseInteger(raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new Error('Enter a whole number.');
  const value = Number(raw);
  if (value < min) throw new Error(`Ensure this value is greater than or equal to ${min}.`);
  return value;
}

/**
 * Turns a list call's query (already checked against `listQuerySchema`) into SQL pieces:
 * filters, search, ordering, paging and expansions. Bad values are field errors, never a 500.
 */
export function parseListQuery(spec: ListSpec, query: Record<string, string | undefined>): ParsedList {
  const errors = new FieldErrorCollector();
  const fail = (key: string, message: string) => errors.add(key, message);
  const conditions: SQL[] = [];

  for (const [name, def] of Object.entries(spec.filters)) {
    for (const lookup of def.lookups ?? DEFAULT_LOOKUPS[def.type]) {
      const param = lookup === 'exact' ? name : `${name}__${lookup}`;
      const raw = query[param];
      if (raw === undefined) continue;
      try {
        const built = def.build ? def.build(lookup, raw) : condition(def, lookup, raw);
        conditions.push(def.through ? def.through(built) : built);
      } catch (error) {
        fail(param, (error as Error).message);
      }
    }
  }

  const term = query.search?.trim();
  const search = term && spec.search?.length ? searchCondition(spec, `%${escapeLike(term)}%`) : undefined;

  const orderBy: SQL[] = [];
  const orderings: string[] = [];
  const ordering = query.ordering
    ? query.ordering.split(',').map((part) => part.trim())
    : spec.defaultOrdering;
  for (const item of ordering.filter(Boolean)) {
    const name = item.replace(/^-/, '');
    // Own keys only: `__proto__` or `toString` name no column.
    const column = Object.hasOwn(spec.ordering, name) ? spec.ordering[name] : undefined;
    if (!column) {
      fail('ordering', `Unknown ordering field: ${name}.`);
      continue;
    }
    orderBy.push(item.startsWith('-') ? desc(column) : asc(column));
    orderings.push(name);
  }
  orderBy.push(asc(spec.id));

  const expand = new Set(
    (query.expand ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
  for (const name of expand) {
    if (!spec.expand?.includes(name)) fail('expand', `Unknown relation: ${name}.`);
  }

  let limit: number = LIMITS.list.defaultLimit;
  let offset = 0;
  try {
    limit = Math.min(parseInteger(query.limit, LIMITS.list.defaultLimit, 1), LIMITS.list.maxLimit);
  } catch (error) {
    fail('limit', (error as Error).message);
  }
  try {
    offset = parseInteger(query.offset, 0, 0);
  } catch (error) {
    fail('offset', (error as Error).message);
  }

  if (!errors.isEmpty) throw new ValidationError(errors.result);
  const where = [...conditions, ...(search ? [search] : [])];
  return {
    where: where.length ? and(...where) : undefined,
    orderBy,
    orderings,
    limit,
    offset,
    expand,
  };
}
