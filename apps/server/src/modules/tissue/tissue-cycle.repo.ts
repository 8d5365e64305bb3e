import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { REVIEW_CYCLES, WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { institutions, requests, tissueReviews, users } from '../../db/schema';

const CYCLE = REVIEW_CYCLES.tissue;
const personName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** New (Submitted) pilot tissue and tissue requests, oldest first (at most 200): the Begin Review list. */
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
    .where(
      and(
        inArray(requests.typeId, [...CYCLE.requestTypes]),
        eq(requests.statusId, WORKFLOW_STATUS.submitted),
      ),
    )
    .orderBy(asc(requests.submissionDate), asc(requests.id))
    .limit(CYCLE.startListLimit);
}

/** Requests by id (the e-mail's draft, a decision's Begin Review). */
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

/** Which of these requests exist (the e-mail template's objects). */
export async function requestExists(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: requests.id })
    .from(requests)
    .where(inArray(requests.id, [...ids]));
  return rows.map((row) => row.id);
}
