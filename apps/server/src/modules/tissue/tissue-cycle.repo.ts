import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CART_REQUEST_TYPES } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { institutions, requestReviewers, requests, tissueReviews, users } from '../../db/schema';

const SUBMITTED = 2;
/** Begin Review lists at most this many new requests (oldest first). */
export const TISSUE_START_REVIEW_LIMIT = 200;
const personName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** New (Submitted) pilot tissue and tissue requests, oldest first: the Begin Review list. */
export async function newTissueRequests(db: DbOrTx) {
  return db
    .select({
      id: requests.id,
      portalRequestId: requests.portalRequestId,
      typeId: requests.typeId,
      displayName: requests.displayName,
      submissionDate: requests.submissionDate,
      applicant: personName,
      institution: institutions.name,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.ownerId))
    .leftJoin(institutions, eq(institutions.id, requests.institutionId))
    .where(and(inArray(requests.typeId, [...CART_REQUEST_TYPES]), eq(requests.statusId, SUBMITTED)))
    .orderBy(asc(requests.submissionDate), asc(requests.id))
    .limit(TISSUE_START_REVIEW_LIMIT);
}

/** The requests a review-cycle move names, as the checks need them. */
export async function requestsByIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: requests.id,
      portalRequestId: requests.portalRequestId,
      typeId: requests.typeId,
      statusId: requests.statusId,
    })
    .from(requests)
    .where(inArray(requests.id, [...ids]))
    .orderBy(asc(requests.id));
}

/** The assigned reviewers of some requests, with their e-mail addresses. */
export async function reviewersOf(db: DbOrTx, requestIds: readonly number[]) {
  if (requestIds.length === 0) return [];
  return db
    .select({
      requestId: requestReviewers.requestId,
      userId: requestReviewers.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(requestReviewers)
    .innerJoin(users, eq(users.id, requestReviewers.userId))
    .where(inArray(requestReviewers.requestId, [...requestIds]));
}

/** One review per assigned reviewer with the due date (an existing review keeps its answers). */
export async function openReviews(
  db: DbOrTx,
  rows: readonly { requestId: number; reviewerId: number }[],
  dueDate: Date,
) {
  if (rows.length === 0) return;
  await db
    .insert(tissueReviews)
    .values(rows.map((row) => ({ ...row, dueDate })))
    .onConflictDoUpdate({
      target: [tissueReviews.requestId, tissueReviews.reviewerId],
      set: { dueDate, modified: sql`now()` },
    });
}

/** When the request's reviews are due (the earliest, should they differ), or null without any. */
export async function reviewDueDate(db: DbOrTx, requestId: number): Promise<Date | null> {
  const [row] = await db
    .select({ due: sql<string | null>`min(${tissueReviews.dueDate})` })
    .from(tissueReviews)
    .where(eq(tissueReviews.requestId, requestId));
  return row?.due ? new Date(row.due) : null;
}

export async function requestExists(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(inArray(requests.id, [...ids])));
  return rows.map((row) => row.id);
}
