import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { updateRow } from '../../platform/db/rows';
import { countMatching, type ParsedList } from '../../platform/list';
import { cohorts, sampleTypeCohorts, sampleTypes } from '../../db/schema';

export type SampleTypeRow = typeof sampleTypes.$inferSelect;

export async function listSampleTypes(db: DbOrTx, list: ParsedList) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(sampleTypes)
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, sampleTypes, list.where),
  ]);
  return { rows, count: total };
}

export async function findSampleType(db: DbOrTx, id: number, lock = false): Promise<SampleTypeRow | null> {
  const query = db.select().from(sampleTypes).where(eq(sampleTypes.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export const updateSampleType = (db: DbOrTx, id: number, values: Partial<typeof sampleTypes.$inferInsert>) =>
  updateRow(db, sampleTypes, id, values);

export async function cohortsOfSampleTypes(db: DbOrTx, ids: readonly number[]) {
  const map = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ sampleTypeId: sampleTypeCohorts.sampleTypeId, id: cohorts.id, name: cohorts.name })
    .from(sampleTypeCohorts)
    .innerJoin(cohorts, eq(cohorts.id, sampleTypeCohorts.cohortId))
    .where(inArray(sampleTypeCohorts.sampleTypeId, [...ids]))
    .orderBy(asc(cohorts.id));
  for (const row of rows) {
    map.set(row.sampleTypeId, [...(map.get(row.sampleTypeId) ?? []), { id: row.id, name: row.name }]);
  }
  return map;
}
