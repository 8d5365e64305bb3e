import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { groups, requestReviewers, requests, userGroups, users } from '../../db/schema';

/** The SQL of the review-cycle engine: the lock on the chosen requests, their reviewers, the committee. */

export type CycleRequest = typeof requests.$inferSelect;

/** A person's name as the cycles' lists show it. */
const personName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Locks these requests in id order, so two bulk moves never deadlock, and a second move of the
 * same requests waits for the first and then reads them as it left them.
 */
export async function lockRequests(db: DbOrTx, ids: readonly number[]): Promise<CycleRequest[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(requests)
    .where(inArray(requests.id, [...ids]))
    .orderBy(asc(requests.id))
    .for('update');
}

/** The assigned reviewers of these requests with their roles and addresses (one query), primary first. */
export async function assignedReviewers(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      requestId: requestReviewers.requestId,
      userId: users.id,
      name: personName,
      email: users.email,
      reviewerRole: requestReviewers.reviewerRole,
    })
    .from(requestReviewers)
    .innerJoin(users, eq(users.id, requestReviewers.userId))
    .where(inArray(requestReviewers.requestId, [...ids]))
    .orderBy(asc(sql`coalesce(${requestReviewers.reviewerRole}, 9)`), asc(users.lastName));
}

/** The e-mail addresses of the active members of these groups (the review committee), at most 100. */
export async function groupEmails(db: DbOrTx, groupNames: readonly string[]) {
  const rows = await db
    .selectDistinct({ email: users.email, lastName: users.lastName })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.userId, users.id))
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(inArray(groups.name, [...groupNames]), eq(users.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.email))
    .limit(100);
  return rows.map((row) => row.email);
}
