import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { requestReviewers, requests, tissueReviews, users } from '../../db/schema';

export type TissueReviewRow = typeof tissueReviews.$inferSelect;

const reviewerName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Whether the review's author is still assigned to its request: a reviewer taken off the request
 * keeps their row (it comes back if they are assigned again) but no longer reads or scores it.
 */
const stillAssigned = sql<boolean>`exists (select 1 from ${requestReviewers} rr where rr.request_id = ${tissueReviews.requestId} and rr.user_id = ${tissueReviews.reviewerId})`;

const columns = {
  review: tissueReviews,
  reviewerName,
  requestStatus: requests.statusId,
  assigned: stillAssigned,
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

/**
 * The review locked for an update, with its request's status read under the same lock (the
 * request row is locked too, as a change of its reviewers locks it).
 */
export async function lockReview(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ review: tissueReviews, requestStatus: requests.statusId })
    .from(tissueReviews)
    .innerJoin(requests, eq(requests.id, tissueReviews.requestId))
    .where(eq(tissueReviews.id, id))
    .for('update');
  return row ?? null;
}

/**
 * Whether the user is assigned to the request now. Read after `lockReview`, in a statement of its
 * own, so it sees a removal that committed while the lock was awaited.
 */
export async function isAssigned(db: DbOrTx, requestId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: requestReviewers.userId })
    .from(requestReviewers)
    .where(and(eq(requestReviewers.requestId, requestId), eq(requestReviewers.userId, userId)));
  return row !== undefined;
}

export async function updateReview(db: DbOrTx, id: number, values: Partial<TissueReviewRow>) {
  const [row] = await db
    .update(tissueReviews)
    .set({ ...values, modified: sql`now()` })
    .where(eq(tissueReviews.id, id))
    .returning();
  return row!;
}
