import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database';
import {
  requestReviewers,
  requests,
  requestSummaries,
  reviewConflicts,
  reviews,
  users,
} from '../../db/schema';

/** The SQL of reviews and conflict-of-interest answers (staff §3 review, conflict). */

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewValues = Partial<typeof reviews.$inferInsert>;
type ConflictRow = typeof reviewConflicts.$inferSelect;

/** The reviews one user wrote, and the conflict answers one user gave (a list's scope). */
export const reviewsBy = (userId: number) => eq(reviews.reviewerId, userId);
export const conflictsOf = (userId: number) => eq(reviewConflicts.userId, userId);

const myAssignment = alias(requestReviewers, 'my_assignment');
const myConflict = alias(reviewConflicts, 'my_conflict');

/**
 * What scoring and the conflict question need to know of a request for one user, in one query:
 * the request, its review cycle, the user's assignment (role) and conflict answer. `lock` locks
 * the request row, so two saves of one review never interleave.
 */
export async function scoringContext(db: DbOrTx, requestId: number, userId: number, lock = false) {
  const query = db
    .select({
      request: {
        id: requests.id,
        typeId: requests.typeId,
        statusId: requests.statusId,
        portalRequestId: requests.portalRequestId,
        displayName: requests.displayName,
      },
      reviewQuarter: requestSummaries.reviewQuarter,
      reviewCycle: requestSummaries.reviewCycle,
      assigned: myAssignment.userId,
      reviewerRole: myAssignment.reviewerRole,
      conflict: myConflict,
    })
    .from(requests)
    .leftJoin(requestSummaries, eq(requestSummaries.requestId, requests.id))
    .leftJoin(myAssignment, and(eq(myAssignment.requestId, requests.id), eq(myAssignment.userId, userId)))
    .leftJoin(myConflict, and(eq(myConflict.requestId, requests.id), eq(myConflict.userId, userId)))
    .where(eq(requests.id, requestId));
  const [row] = lock ? await query.for('update', { of: requests }) : await query;
  return row ?? null;
}
export type ScoringContext = NonNullable<Awaited<ReturnType<typeof scoringContext>>>;

export async function findReview(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(reviews).where(eq(reviews.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The user's review of the request's cycle, if they started one. */
export async function findReviewOf(db: DbOrTx, requestId: number, reviewerId: number, cycle: number) {
  const [row] = await db
    .select()
    .from(reviews)
    .where(
      and(eq(reviews.requestId, requestId), eq(reviews.reviewerId, reviewerId), eq(reviews.cycle, cycle)),
    );
  return row ?? null;
}

export async function insertReview(db: DbOrTx, values: typeof reviews.$inferInsert): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

export async function updateReview(db: DbOrTx, id: number, values: ReviewValues): Promise<ReviewRow> {
  const [row] = await db
    .update(reviews)
    .set({ ...values, modified: new Date() })
    .where(eq(reviews.id, id))
    .returning();
  return row!;
}

/**
 * Reviews of these ids with what their answer shows: the reviewer's name and the request's
 * reference and status (one query for a page).
 */
export async function reviewsByIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      review: reviews,
      reviewer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      request: {
        id: requests.id,
        portalRequestId: requests.portalRequestId,
        displayName: requests.displayName,
        typeId: requests.typeId,
        statusId: requests.statusId,
      },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .innerJoin(requests, eq(requests.id, reviews.requestId))
    .where(inArray(reviews.id, [...ids]));
}
export type ReviewWithRefs = Awaited<ReturnType<typeof reviewsByIds>>[number];

export async function findConflict(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(reviewConflicts).where(eq(reviewConflicts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertConflict(db: DbOrTx, values: typeof reviewConflicts.$inferInsert) {
  const [row] = await db.insert(reviewConflicts).values(values).returning();
  return row!;
}

export async function updateConflict(
  db: DbOrTx,
  id: number,
  values: { conflictExists: boolean; explanation: string },
): Promise<ConflictRow> {
  const [row] = await db
    .update(reviewConflicts)
    .set({ ...values, modified: new Date() })
    .where(eq(reviewConflicts.id, id))
    .returning();
  return row!;
}

export async function deleteConflict(db: DbOrTx, id: number) {
  await db.delete(reviewConflicts).where(eq(reviewConflicts.id, id));
}

/** Conflict answers of these ids with the user's name (one query for a page). */
export async function conflictsByIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      conflict: reviewConflicts,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(reviewConflicts)
    .innerJoin(users, eq(users.id, reviewConflicts.userId))
    .where(inArray(reviewConflicts.id, [...ids]));
}
export type ConflictWithUser = Awaited<ReturnType<typeof conflictsByIds>>[number];

/** A declared conflict takes the reviewer off the primary role: they become Other (staff §4.3). */
export async function demoteFromPrimary(db: DbOrTx, requestId: number, userId: number, toRole: number) {
  const rows = await db
    .update(requestReviewers)
    .set({ reviewerRole: toRole })
    .where(
      and(
        eq(requestReviewers.requestId, requestId),
        eq(requestReviewers.userId, userId),
        eq(requestReviewers.reviewerRole, 1),
      ),
    )
    .returning({ userId: requestReviewers.userId });
  return rows.length > 0;
}

/** Which of these requests the user is assigned to review, and which they declared a conflict on. */
export function assignedAndConflicted(db: DbOrTx, userId: number, requestIds: number[]) {
  return Promise.all([
    db
      .select({ requestId: requestReviewers.requestId })
      .from(requestReviewers)
      .where(and(eq(requestReviewers.userId, userId), inArray(requestReviewers.requestId, requestIds))),
    db
      .select({ requestId: reviewConflicts.requestId })
      .from(reviewConflicts)
      .where(
        and(
          eq(reviewConflicts.userId, userId),
          eq(reviewConflicts.conflictExists, true),
          inArray(reviewConflicts.requestId, requestIds),
        ),
      ),
  ]);
}
