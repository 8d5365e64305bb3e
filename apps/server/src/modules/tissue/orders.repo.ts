import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { anyOfIds, prepared } from '../../platform/db/prepared';
import { abnCartDonors, abnCarts, abnDonors, abnOrders, requests, users } from '../../db/schema';

export type OrderRow = typeof abnOrders.$inferSelect;
/** An order with the name of who sent it. */
export interface OrderView {
  order: OrderRow;
  creator: { id: number; firstName: string; lastName: string } | null;
}

/** The request an order is for, as the order rules read it. */
export async function findRequest(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: requests.id,
      typeId: requests.typeId,
      statusId: requests.statusId,
      ownerId: requests.ownerId,
    })
    .from(requests)
    .where(eq(requests.id, id));
  return row ?? null;
}

/** The donor hashes of the request's collection, or null when it has none (a legacy request). */
export async function collectionHashes(db: DbOrTx, requestId: number): Promise<Set<string> | null> {
  const [cart] = await db.select({ id: abnCarts.id }).from(abnCarts).where(eq(abnCarts.requestId, requestId));
  if (!cart) return null;
  const rows = await db
    .select({ hash: abnDonors.donorHash })
    .from(abnCartDonors)
    .innerJoin(abnDonors, eq(abnDonors.id, abnCartDonors.donorId))
    .where(eq(abnCartDonors.cartId, cart.id));
  return new Set(rows.map((row) => row.hash));
}

const viewColumns = {
  order: abnOrders,
  creator: { id: users.id, firstName: users.firstName, lastName: users.lastName },
};

/** The orders of these requests, newest first, in one query (the requests' `bins_data`). */
export async function ordersOfRequests(db: DbOrTx, requestIds: readonly number[]) {
  const byRequest = new Map<number, OrderView[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await prepared(db, 'orders_by_request_ids', (name) =>
    db
      .select(viewColumns)
      .from(abnOrders)
      .leftJoin(users, eq(users.id, abnOrders.creatorId))
      .where(anyOfIds(abnOrders.requestId))
      .orderBy(abnOrders.requestId, desc(abnOrders.created), desc(abnOrders.id))
      .prepare(name),
  ).execute({ ids: [...requestIds] });
  for (const row of rows) {
    const list = byRequest.get(row.order.requestId) ?? [];
    list.push(row);
    byRequest.set(row.order.requestId, list);
  }
  return byRequest;
}

/** The request's newest order (the one "edit the previous order" changes). */
export async function latestOrder(db: DbOrTx, requestId: number, lock = false): Promise<OrderRow | null> {
  const query = db
    .select()
    .from(abnOrders)
    .where(eq(abnOrders.requestId, requestId))
    .orderBy(desc(abnOrders.created), desc(abnOrders.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function orderView(db: DbOrTx, id: number): Promise<OrderView | null> {
  const [row] = await db
    .select(viewColumns)
    .from(abnOrders)
    .leftJoin(users, eq(users.id, abnOrders.creatorId))
    .where(eq(abnOrders.id, id));
  return row ?? null;
}

export async function insertOrder(db: DbOrTx, values: typeof abnOrders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(abnOrders).values(values).returning();
  return row!;
}

export async function updateOrder(
  db: DbOrTx,
  id: number,
  values: Pick<typeof abnOrders.$inferInsert, 'order' | 'cases' | 'binsOrderId'>,
): Promise<void> {
  await db
    .update(abnOrders)
    .set({ ...values, modified: new Date() })
    .where(eq(abnOrders.id, id));
}
