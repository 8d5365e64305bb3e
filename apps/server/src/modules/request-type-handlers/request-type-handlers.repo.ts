import { inArray } from 'drizzle-orm';
import { cohorts } from '../../db/schema';
import type { DbOrTx } from '../../platform/db/database';

/** The ids of the cohorts with these names (Research Match recruits from SPARK and SSC). */
export async function cohortIdsByName(db: DbOrTx, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(inArray(cohorts.name, [...names]));
  return rows.map((row) => row.id);
}
