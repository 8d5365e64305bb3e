import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { featureToggles } from '../../db/schema';

export async function lockFeatureToggle(db: DbOrTx, id: number) {
  const [row] = await db.select().from(featureToggles).where(eq(featureToggles.id, id)).for('update');
  return row ?? null;
}

export async function updateFeatureToggle(db: DbOrTx, id: number, enabled: boolean) {
  const [row] = await db.update(featureToggles).set({ enabled }).where(eq(featureToggles.id, id)).returning();
  return row!;
}
