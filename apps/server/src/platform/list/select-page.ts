import { and, count, eq, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { LIMITS } from '@rrp/domain';
import { plannedPerCall, type DbOrTx } from '../db/database';
import { executeNamedByText } from '../db/prepared';
import type { KeptPages } from './kept-pages';
import type { ListSpec, ParsedList } from './list-spec';

/**
 * How many rows a list's query matches: exactly up to `LIMITS.list.exactCount`, past it the
 * planner's estimate (never below the exact limit). Counting every one of 200,000 matching rows
 * cost more than the page itself on every call; a pager needs the size, not the last digit
 * (decision 290). `rows` builds the matching rows' query afresh each time it is called;
 * `named`: an unfiltered list's count, prepared under its text (`executeNamedByText`);
 * `whole`: the rows are a whole table, with no condition at all, so the planner's estimate is
 * the table's own size: when it is well past the limit, the exact count is not run (it read
 * 10,001 index entries on every call of a large table's first page, decision 435); the estimate
 * is kept for `WHOLE_ESTIMATE_TTL_MS`.
 */
export async function countRows(
  db: DbOrTx,
  rows: () => PgSelect,
  options: { named?: boolean; whole?: boolean } = {},
): Promise<number> {
  const limit = LIMITS.list.exactCount;
  if (options.whole) {
    const estimate = await wholeTableEstimate(db, rows());
    if (estimate > 2 * limit) return estimate;
  }
  const cappedCount = db.select({ n: count() }).from(
    rows()
      .limit(limit + 1)
      .as('capped'),
  );
  const [capped] = options.named ? await executeNamedByText(cappedCount) : await cappedCount;
  const exact = capped?.n ?? 0;
  if (exact <= limit) return exact;
  return Math.max(limit + 1, await estimateRows(db, rows()));
}

/**
 * How long a whole table's estimate is kept: a table's size moves slowly next to how often its
 * first page is read, and its statistics are themselves refreshed only now and then.
 */
const WHOLE_ESTIMATE_TTL_MS = 10_000;
/** Per database (a transaction is one of its own, and keeps nothing for long). */
const wholeEstimates = new WeakMap<DbOrTx, LRUCache<string, number>>();

async function wholeTableEstimate(db: DbOrTx, query: PgSelect): Promise<number> {
  let kept = wholeEstimates.get(db);
  if (!kept) {
    kept = new LRUCache<string, number>({ max: 100, ttl: WHOLE_ESTIMATE_TTL_MS });
    wholeEstimates.set(db, kept);
  }
  const { sql: text, params } = query.toSQL();
  const key = `${text} ${JSON.stringify(params)}`;
  let estimate = kept.get(key);
  if (estimate === undefined) {
    estimate = await estimateRows(db, query);
    kept.set(key, estimate);
  }
  return estimate;
}

/** The planner's estimate of how many rows `query` returns. */
async function estimateRows(db: DbOrTx, query: PgSelect): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const plan = Object.values(result.rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/**
 * How many rows of one table match `where`, counted as every list counts (`countRows`); `named`:
 * the condition suits one generic plan, so the count is prepared under its text.
 */
export function countMatching(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  named = false,
): Promise<number> {
  return countRows(
    db,
    () =>
      db
        .select({ one: sql<number>`1`.as('one') })
        .from(table)
        .where(where)
        .$dynamic(),
    { whole: where === undefined, named },
  );
}

/** One page of a single table's rows plus the total, for lists that need no joins. */
export async function selectPage<T extends PgTable>(
  db: DbOrTx,
  table: T,
  list: ParsedList,
): Promise<{ rows: InferSelectModel<T>[]; count: number }> {
  const source = table as PgTable;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(source)
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, source, list.where),
  ]);
  return { rows: rows as InferSelectModel<T>[], count: total };
}

/** What a page of a list is: its ids in order and how many rows match in all. */
export interface PageOfIds {
  ids: number[];
  count: number;
}

/** How `selectPageIds` reads a page. */
export interface PageOptions {
  /** Whether to count the matching rows; a caller that walks every page (an export) need not. */
  count: boolean;
  /**
   * The scope holds what one person is involved in (their own requests and their teams', their
   * assignments), hundreds of rows at most, which the page reads all of anyway to order them:
   * the page's statement counts them too (`count(*) over ()`), one statement, not two.
   */
  narrowScope?: boolean;
  /** Where an unfiltered page is kept between calls (`keptPages`), when every table it reads says when it changes. */
  kept?: KeptPages;
}

/**
 * The statements of one page of a list: its ids in order (with `withTotal`, each row with the
 * count of every matching row) and its count. Filters, search and ordering run over the listed
 * table and the spec's to-one joins only. `scope` is the caller's visibility condition.
 */
export function pageStatements(db: DbOrTx, spec: ListSpec, list: ParsedList, scope?: SQL) {
  const table = spec.id.table as PgTable;
  const where = and(scope, list.where);
  type Joinable = {
    leftJoin: (table: PgTable, on: SQL) => Joinable;
    innerJoin: (table: PgTable, on: SQL) => Joinable;
  };
  const withJoins = <Q extends Joinable>(query: Q, forPage: boolean): Q =>
    (spec.joins ?? []).reduce((joined, join) => {
      if (!join.innerFor) return joined.leftJoin(join.table, join.on);
      // A never-null key's inner join changes no count; the page joins it for its ordering only.
      const ordered = forPage && join.innerFor.some((name) => list.orderings.includes(name));
      return ordered ? joined.innerJoin(join.table, join.on) : joined;
    }, query as Joinable) as Q;
  // A screen's unfiltered page (any ordering, offset and caller) is planned once per connection;
  // a filtered or searched one for its values: a generic plan, not knowing how few rows a value
  // matches, walked the ordering's index through the whole table to fill the page (a reviewer's
  // requests of one type and status: 186 ms, against 4.5 ms planned for them). A count has no
  // ordering to walk, and keeps the generic plan.
  const on = list.where === undefined ? db : plannedPerCall(db);
  type PageSelection = { id: SQL<number>; total: SQL<number> };
  const id = sql<number>`${spec.id}`;
  return {
    where,
    page: (withTotal: boolean) =>
      withJoins(
        on
          .select((withTotal ? { id, total: sql<number>`count(*) over ()` } : { id }) as PageSelection)
          .from(table)
          .$dynamic(),
        true,
      )
        .where(where)
        .orderBy(...list.orderBy)
        .limit(list.limit)
        .offset(list.offset),
    count: () =>
      withJoins(
        db
          .select({ one: sql<number>`1`.as('one') })
          .from(table)
          .$dynamic(),
        false,
      ).where(where),
  };
}

/**
 * The ids of one page, in order, and the total — the first half of the list pattern for lists
 * whose rows carry joins or computed columns (docs/ARCHITECTURE.md "Lists at scale"): the caller
 * then loads the full rows `where id in (ids)` and puts them in page order (`inPageOrder`), so
 * per-row work is done for the page's rows and never for the rows OFFSET skips.
 */
export async function selectPageIds(
  db: DbOrTx,
  spec: ListSpec,
  list: ParsedList,
  scope?: SQL,
  options: PageOptions = { count: true },
): Promise<PageOfIds> {
  const statements = pageStatements(db, spec, list, scope);
  const unfiltered = list.where === undefined;
  const named = <T>(query: Parameters<typeof executeNamedByText<T>>[0] & PromiseLike<T>) =>
    unfiltered ? executeNamedByText(query) : query;
  const read = async (): Promise<PageOfIds> => {
    if (options.count && options.narrowScope && scope) {
      const rows = await named(statements.page(true));
      // Past the last page no row carries the total: it is counted on its own below.
      if (rows.length > 0 || list.offset === 0) {
        return { ids: rows.map((row) => Number(row.id)), count: Number(rows[0]?.total ?? 0) };
      }
    }
    const [rows, total] = await Promise.all([
      named(statements.page(false)),
      options.count
        ? countRows(db, statements.count, { named: unfiltered, whole: statements.where === undefined })
        : Promise.resolve(0),
    ]);
    return { ids: rows.map((row) => Number(row.id)), count: total };
  };
  if (!unfiltered || !options.kept) return read();
  const { sql: text, params } = statements.page(false).toSQL();
  const key = `${options.count ? 'counted' : ''}|${text}|${JSON.stringify(params)}`;
  return options.kept.read(db, key, read);
}

/** Rows loaded by id, put back in the order of the page's ids. */
export function inPageOrder<T>(ids: readonly number[], rows: readonly T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}

/** The row of a single-table list with this id, or null: the single-object GET of that list. */
export async function selectOne<T extends PgTable>(
  db: DbOrTx,
  table: T,
  spec: ListSpec,
  id: number,
): Promise<InferSelectModel<T> | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(spec.id, id))
    .limit(1);
  return (row as InferSelectModel<T> | undefined) ?? null;
}
