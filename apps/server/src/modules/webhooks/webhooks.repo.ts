import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { insertRow, updateRow } from '../../platform/db/rows';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type WebhookRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type LastDelivery = Pick<WebhookDeliveryRow, 'endpointId' | 'status' | 'statusCode' | 'created'>;

export async function findWebhook(db: DbOrTx, id: number): Promise<WebhookRow | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export const insertWebhook = (db: DbOrTx, values: typeof webhookEndpoints.$inferInsert) =>
  insertRow(db, webhookEndpoints, values);

export const updateWebhook = (
  db: DbOrTx,
  id: number,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) => updateRow(db, webhookEndpoints, id, values);

export async function deleteWebhook(db: DbOrTx, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

export function webhooksByIds(db: DbOrTx, ids: readonly number[]): Promise<WebhookRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...ids]));
}

/** Each endpoint's latest delivery, in one query for a page of endpoints. */
export async function lastDeliveries(
  db: DbOrTx,
  endpointIds: readonly number[],
): Promise<Map<number, LastDelivery>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.endpointId], {
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      statusCode: webhookDeliveries.statusCode,
      created: webhookDeliveries.created,
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, [...endpointIds]))
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id));
  return new Map(rows.map((row) => [row.endpointId, row]));
}

export async function findDelivery(db: DbOrTx, id: number): Promise<WebhookDeliveryRow | null> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

export function deliveriesByIds(db: DbOrTx, ids: readonly number[]): Promise<WebhookDeliveryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.id, [...ids]));
}
