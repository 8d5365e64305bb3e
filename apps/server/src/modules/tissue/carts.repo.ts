import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import {
  abnCartDonors,
  abnCarts,
  abnDonors,
  groups,
  requestReviewers,
  requests,
  userGroups,
  users,
} from '../../db/schema';

type CartRow = typeof abnCarts.$inferSelect;

/** A collection with what its answer shows: the PI's name, its request and the donor hashes. */
export interface CartView {
  cart: CartRow;
  piName: string;
  request: { id: number; portalRequestId: string; typeId: number; statusId: number; ownerId: number } | null;
  reviewerIds: number[];
  identifiers: string[];
  donorIds: number[];
}

export async function lockCart(db: DbOrTx, id: number): Promise<CartRow | null> {
  const [row] = await db.select().from(abnCarts).where(eq(abnCarts.id, id)).for('update');
  return row ?? null;
}

/** The collections of some ids with their PI, request, reviewers and donors: a few queries, not one a row. */
export async function cartViews(db: DbOrTx, ids: readonly number[]): Promise<CartView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      cart: abnCarts,
      firstName: users.firstName,
      lastName: users.lastName,
      request: {
        id: requests.id,
        portalRequestId: requests.portalRequestId,
        typeId: requests.typeId,
        statusId: requests.statusId,
        ownerId: requests.ownerId,
      },
    })
    .from(abnCarts)
    .innerJoin(users, eq(users.id, abnCarts.piId))
    .leftJoin(requests, eq(requests.id, abnCarts.requestId))
    .where(inArray(abnCarts.id, [...ids]));
  const requestIds = rows.flatMap((row) => (row.cart.requestId ? [row.cart.requestId] : []));
  const [donors, reviewers] = await Promise.all([
    db
      .select({ cartId: abnCartDonors.cartId, donorId: abnDonors.id, hash: abnDonors.donorHash })
      .from(abnCartDonors)
      .innerJoin(abnDonors, eq(abnDonors.id, abnCartDonors.donorId))
      .where(inArray(abnCartDonors.cartId, [...ids]))
      .orderBy(asc(abnCartDonors.cartId), asc(abnCartDonors.position)),
    requestIds.length
      ? db
          .select({ requestId: requestReviewers.requestId, userId: requestReviewers.userId })
          .from(requestReviewers)
          .where(inArray(requestReviewers.requestId, requestIds))
      : Promise.resolve([]),
  ]);
  return rows.map((row) => {
    const own = donors.filter((donor) => donor.cartId === row.cart.id);
    return {
      cart: row.cart,
      piName: `${row.firstName} ${row.lastName}`.trim(),
      request: row.cart.requestId && row.request?.id ? row.request : null,
      reviewerIds: reviewers
        .filter((entry) => entry.requestId === row.cart.requestId)
        .map((entry) => entry.userId),
      identifiers: own.map((donor) => donor.hash),
      donorIds: own.map((donor) => donor.donorId),
    };
  });
}

/** Whether the PI already has another collection of this name (case and spaces ignored). */
/** The collections that hold a donor. */
export async function cartIdsHolding(db: DbOrTx, donorId: number): Promise<number[]> {
  const rows = await db
    .select({ cartId: abnCartDonors.cartId })
    .from(abnCartDonors)
    .where(eq(abnCartDonors.donorId, donorId));
  return rows.map((row) => row.cartId);
}

export async function nameTaken(db: DbOrTx, piId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: abnCarts.id })
    .from(abnCarts)
    .where(
      and(
        eq(abnCarts.piId, piId),
        sql`lower(${abnCarts.collectionName}) = lower(${name})`,
        exceptId ? ne(abnCarts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCart(db: DbOrTx, values: typeof abnCarts.$inferInsert): Promise<CartRow | null> {
  const [row] = await db.insert(abnCarts).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateCart(db: DbOrTx, id: number, values: Partial<typeof abnCarts.$inferInsert>) {
  const [row] = await db
    .update(abnCarts)
    .set({ ...values, modified: new Date() })
    .where(eq(abnCarts.id, id))
    .returning();
  return row!;
}

export async function deleteCart(db: DbOrTx, id: number) {
  await db.delete(abnCarts).where(eq(abnCarts.id, id));
}

/** Replaces the donors of a collection, keeping their order. */
export async function setCartDonors(db: DbOrTx, cartId: number, donorIds: readonly number[]) {
  await db.delete(abnCartDonors).where(eq(abnCartDonors.cartId, cartId));
  if (donorIds.length === 0) return;
  await db.insert(abnCartDonors).values(donorIds.map((donorId, position) => ({ cartId, donorId, position })));
}

/** A request as a collection's link needs it. */
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

/** The collection of a request, if it has one. */
export async function cartOfRequest(db: DbOrTx, requestId: number): Promise<CartRow | null> {
  const [row] = await db.select().from(abnCarts).where(eq(abnCarts.requestId, requestId));
  return row ?? null;
}

/** Whether the user holds the primary researcher role (collections are made for PIs). */
export async function isPrimaryResearcher(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userGroups.userId })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(userGroups.userId, userId), inArray(groups.name, ['primary_researcher', 'pi_sbso'])))
    .limit(1);
  return Boolean(row);
}

/** Ids of the requests a user is assigned to review, as a subquery (a tissue reviewer's collections). */
const reviewedRequestIds = (userId: number) =>
  sql`(SELECT ${requestReviewers.requestId} FROM ${requestReviewers} WHERE ${requestReviewers.userId} = ${userId})`;

/** The collections a user reads: their own, those of the requests they review, or none. */
export function readableCarts(userId: number, may: { own: boolean; reviewed: boolean }): SQL {
  const parts: SQL[] = [];
  if (may.own) parts.push(eq(abnCarts.piId, userId));
  if (may.reviewed) parts.push(inArray(abnCarts.requestId, reviewedRequestIds(userId)));
  return parts.length ? or(...parts)! : sql`false`;
}

/** Frees the collections tied to a request, except one; answers the ids it freed. */
export async function releaseRequest(db: DbOrTx, requestId: number, exceptCartId: number) {
  const rows = await db
    .update(abnCarts)
    .set({ requestId: null, modified: new Date() })
    .where(and(eq(abnCarts.requestId, requestId), ne(abnCarts.id, exceptCartId)))
    .returning({ id: abnCarts.id });
  return rows.map((row) => row.id);
}
