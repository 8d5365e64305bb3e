import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { Row } from './bulk-writer';
import type { Random } from './random';

/** How many rows of each kind to add. */
export interface DataSize {
  users: number;
  institutions: number;
  projects: number;
  requests: number;
  history: number;
  /** Brain donors of the tissue catalogue. */
  donors: number;
}

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** The review quarter of a moment, as the reviews keep it (YYYY-Qn). */
export const quarterOf = (at: number) => {
  const date = new Date(at);
  return `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
};

/** What the database already holds that generated rows point at. */
export interface Reference {
  groups: Map<string, number>;
  datasets: { id: number; name: string; cohortId: number | null }[];
  sampleTypes: { id: number; name: string }[];
  cohorts: { id: number; name: string }[];
}

/** One run of the generator, as each of its steps sees it. */
export interface Generation {
  database: Database;
  size: DataSize;
  seed: number;
  reference: Reference;
  /** The run's "now"; generated data spans the years before it. */
  now: number;
  start: number;
  /** The moment of the `index`-th of `count` rows, in order over the years of data. */
  spread: (random: Random, index: number, count: number) => Date;
  /** Copies the rows into `table` and logs how many. */
  write: (table: string, columns: readonly string[], source: Iterable<Row>) => Promise<void>;
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The highest id of `table`: generated ids continue after it. */
export async function maxId(database: Database, table: string): Promise<number> {
  const [row] = await rows<{ max: number | string | null }>(
    database,
    sql.raw(`select max(id) as max from "${table}"`),
  );
  return Number(row?.max ?? 0);
}

export async function readReference(database: Database): Promise<Reference> {
  const groups = await rows<{ id: number; name: string }>(database, sql`select id, name from groups`);
  return {
    groups: new Map(groups.map((group) => [group.name, Number(group.id)])),
    datasets: (
      await rows<{ id: number; name: string; cohort_id: number | null }>(
        database,
        sql`select id, name, cohort_id from datasets where is_latest and available order by id`,
      )
    ).map((row) => ({ id: Number(row.id), name: row.name, cohortId: row.cohort_id })),
    sampleTypes: await rows<{ id: number; name: string }>(
      database,
      sql`select id, name from sample_types order by id`,
    ),
    cohorts: await rows<{ id: number; name: string }>(
      database,
      sql`select id, name from cohorts order by id`,
    ),
  };
}

/** Splits `total` over `parts` as evenly as whole numbers allow (the first ones get the remainder). */
export const share = (total: number, parts: number, index: number) =>
  Math.floor(total / parts) + (index < total % parts ? 1 : 0);
