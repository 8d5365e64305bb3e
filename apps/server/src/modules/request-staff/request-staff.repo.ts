import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { RESEARCH_MATCH_REVIEWER_ROLES, REVIEWER_ROLES } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import {
  groups,
  requestComments,
  requestReviewers,
  requests,
  reviewConflicts,
  userGroups,
  users,
} from '../../db/schema';

/** The request row as locked for a change of its reviewers. */
export type LockedRequest = typeof requests.$inferSelect;

/** The staff panel's SQL (staff §3): reviewers, comments and Zendesk ticket ids of a request. */

const groupList = (roles: readonly string[]) =>
  sql.join(
    roles.map((role) => sql`${role}`),
    sql`, `,
  );
const holdsGroup = (roles: readonly string[]) =>
  sql<boolean>`exists (select 1 from ${userGroups} ug join ${groups} g on g.id = ug.group_id where ug.user_id = "users"."id" and g.name in (${groupList(roles)}))`;

/**
 * The users with these ids, each with whether they hold a reviewer group, and a Research Match
 * reviewer group (internal, external or portal reviewers).
 */
export async function reviewerCandidates(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isReviewer: holdsGroup(REVIEWER_ROLES),
      isResearchMatchReviewer: holdsGroup(RESEARCH_MATCH_REVIEWER_ROLES),
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** The request's assignments with their roles. */
export async function assignmentsOf(db: DbOrTx, requestId: number) {
  return db
    .select({ userId: requestReviewers.userId, reviewerRole: requestReviewers.reviewerRole })
    .from(requestReviewers)
    .where(eq(requestReviewers.requestId, requestId));
}

/** Which of these users declared a conflict of interest for the request. */
export async function conflictedUsers(db: DbOrTx, requestId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: reviewConflicts.userId })
    .from(reviewConflicts)
    .where(
      and(
        eq(reviewConflicts.requestId, requestId),
        inArray(reviewConflicts.userId, [...userIds]),
        eq(reviewConflicts.conflictExists, true),
      ),
    );
  return rows.map((row) => row.userId);
}

export async function removeReviewers(db: DbOrTx, requestId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .delete(requestReviewers)
    .where(and(eq(requestReviewers.requestId, requestId), inArray(requestReviewers.userId, [...userIds])));
}

export async function addReviewers(
  db: DbOrTx,
  requestId: number,
  assignments: readonly { userId: number; reviewerRole: number | null }[],
) {
  if (assignments.length === 0) return;
  await db
    .insert(requestReviewers)
    .values(assignments.map(({ userId, reviewerRole }) => ({ requestId, userId, reviewerRole })))
    .onConflictDoNothing();
}

export async function setReviewerRole(
  db: DbOrTx,
  requestId: number,
  userId: number,
  reviewerRole: number | null,
) {
  await db
    .update(requestReviewers)
    .set({ reviewerRole })
    .where(and(eq(requestReviewers.requestId, requestId), eq(requestReviewers.userId, userId)));
}

export async function touchRequest(db: DbOrTx, requestId: number) {
  await db.update(requests).set({ modified: new Date() }).where(eq(requests.id, requestId));
}

export async function setZendeskTicketIds(db: DbOrTx, requestId: number, ids: string[]) {
  await db
    .update(requests)
    .set({ zendeskTicketIds: ids, modified: new Date() })
    .where(eq(requests.id, requestId));
}

const commentColumns = {
  id: requestComments.id,
  requestId: requestComments.requestId,
  text: requestComments.text,
  created: requestComments.created,
  authorId: users.id,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorEmail: users.email,
};
export type CommentRow = Awaited<ReturnType<typeof listComments>>['rows'][number];

/** A request's comments, newest first (indexed by request and date). */
export async function listComments(db: DbOrTx, requestId: number, limit: number, offset: number) {
  const where = eq(requestComments.requestId, requestId);
  const [rows, [total]] = await Promise.all([
    db
      .select(commentColumns)
      .from(requestComments)
      .leftJoin(users, eq(users.id, requestComments.authorId))
      .where(where)
      .orderBy(desc(requestComments.created), desc(requestComments.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(requestComments)
      .where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export async function insertComment(
  db: DbOrTx,
  values: { requestId: number; authorId: number; text: string },
) {
  const [row] = await db.insert(requestComments).values(values).returning();
  if (!row) throw new Error('insert returned no comment');
  return row;
}

export async function findComment(db: DbOrTx, id: number) {
  const [row] = await db
    .select(commentColumns)
    .from(requestComments)
    .leftJoin(users, eq(users.id, requestComments.authorId))
    .where(eq(requestComments.id, id))
    .orderBy(asc(requestComments.id));
  return row ?? null;
}
