import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { requests, tissueReviews, users } from '../../db/schema';

export type TissueReviewRow = typeof tissueReviews.$inferSelect;

const reviewerName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

const columns = {
  review: tissueReviews,
  reviewerName,
  requestStatus: requests.statusId,
};

/** The reviews of one request with their reviewers' names (one query; a request has a few). */
export async function reviewsOfRequest(db: DbOrTx, requestId: number) {
  return db
    .select(columns)
    .from(tissueReviews)
    .innerJoin(users, eq(users.id, tissueReviews.reviewerId))
    .innerJoin(requests, eq(requests.id, tissueReviews.requestId))
    .where(eq(tissueReviews.requestId, requestId))
    .orderBy(asc(users.lastName), asc(tissueReviews.id));
}

export async function findReview(db: DbOrTx, id: number) {
  const [row] = await db
    .select(columns)
    .from(tissueReviews)
    .innerJoin(users, eq(users.id, tissueReviews.reviewerId))
    .innerJoin(requests, eq(requests.id, tissueReviews.requestId))
    .where(eq(tissueReviews.id, id));
  return row ?? null;
}

/** The review locked for an update, with its request's status read under the same lock. */
export async function lockReview(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ review: tissueReviews, requestStatus: requests.statusId })
    .from(tissueReviews)
    .innerJoin(requests, eq(requests.id, tissueReviews.requestId))
    .where(eq(tissueReviews.id, id))
    .for('update');
  return row ?? null;
}

export async function updateReview(db: DbOrTx, id: number, values: Partial<TissueReviewRow>) {
  const [row] = await db
    .update(tissueReviews)
    .set({ ...values, modified: sql`now()` })
    .where(eq(tissueReviews.id, id))
    .returning();
  return row!;
}
