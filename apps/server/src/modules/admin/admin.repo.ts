import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { selectOne, selectPage, type ParsedList } from '../../platform/list';
import { featureToggles, metaData } from '../../db/schema';
import { featureToggleList, metaDataList } from './admin.lists';

export const featureTogglePage = (db: DbOrTx, list: ParsedList) => selectPage(db, featureToggles, list);

export const findFeatureToggle = (db: DbOrTx, id: number) =>
  selectOne(db, featureToggles, featureToggleList, id);

export const metaDataPage = (db: DbOrTx, list: ParsedList) => selectPage(db, metaData, list);

export const findMetaData = (db: DbOrTx, id: number) => selectOne(db, metaData, metaDataList, id);

export async function lockFeatureToggle(db: DbOrTx, id: number) {
  const [row] = await db.select().from(featureToggles).where(eq(featureToggles.id, id)).for('update');
  return row ?? null;
}

export async function updateFeatureToggle(db: DbOrTx, id: number, enabled: boolean) {
  const [row] = await db.update(featureToggles).set({ enabled }).where(eq(featureToggles.id, id)).returning();
  return row!;
}
