import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import {
  requestDatasets,
  requestMembers,
  requestRenewals,
  requestSamples,
  requestSummaries,
  requests,
  users,
} from '../../db/schema';
import type { RequestRow } from './requests.repo';

/** The writes of a request: its row, its lists, and what entering review starts. */

export async function insertRequest(db: DbOrTx, values: typeof requests.$inferInsert): Promise<RequestRow> {
  const [row] = await db.insert(requests).values(values).returning();
  return row!;
}

export async function updateRequest(
  db: DbOrTx,
  id: number,
  values: Partial<typeof requests.$inferInsert>,
): Promise<RequestRow> {
  const [row] = await db
    .update(requests)
    .set({ ...values, modified: new Date() })
    .where(eq(requests.id, id))
    .returning();
  return row!;
}

/** The columns a status move writes: the status and the dates that go with it. */
export type TransitionChanges = Partial<typeof requests.$inferInsert>;

/** The workflow's write of a status and the dates that go with it (`applyTransition` alone calls it). */
export async function writeTransition(
  db: DbOrTx,
  id: number,
  changes: TransitionChanges,
): Promise<RequestRow> {
  const [row] = await db.update(requests).set(changes).where(eq(requests.id, id)).returning();
  return row!;
}

/** Marks the owner suspended by this request, or lifts it if this request was the one suspending them. */
export async function setOwnerSuspension(
  db: DbOrTx,
  owner: { ownerId: number; requestId: number },
  suspended: boolean,
): Promise<void> {
  if (suspended) {
    await db.update(users).set({ suspendedRequestId: owner.requestId }).where(eq(users.id, owner.ownerId));
  } else {
    await db
      .update(users)
      .set({ suspendedRequestId: null })
      .where(and(eq(users.id, owner.ownerId), eq(users.suspendedRequestId, owner.requestId)));
  }
}

export async function deleteRequest(db: DbOrTx, id: number): Promise<void> {
  await db.delete(requests).where(eq(requests.id, id));
}

export async function setDatasets(db: DbOrTx, requestId: number, datasetIds: readonly number[]) {
  await db.delete(requestDatasets).where(eq(requestDatasets.requestId, requestId));
  if (datasetIds.length > 0) {
    await db.insert(requestDatasets).values(datasetIds.map((datasetId) => ({ requestId, datasetId })));
  }
}

export async function setSamples(
  db: DbOrTx,
  requestId: number,
  entries: readonly { id: string; amount: number }[],
) {
  await db.delete(requestSamples).where(eq(requestSamples.requestId, requestId));
  if (entries.length > 0) {
    await db
      .insert(requestSamples)
      .values(entries.map((entry) => ({ requestId, sampleId: entry.id, amount: entry.amount })));
  }
}

/**
 * Writes the access control list: listed users are kept (or added) with their removal date;
 * users left out get a removal date (staff still see them); `verified` is never changed here.
 */
export async function setMembers(
  db: DbOrTx,
  requestId: number,
  entries: readonly { userId: number; removalDate: Date | null }[],
  now: Date,
) {
  const current = await db.select().from(requestMembers).where(eq(requestMembers.requestId, requestId));
  const wanted = new Map(entries.map((entry) => [entry.userId, entry]));
  for (const row of current) {
    const entry = wanted.get(row.userId);
    const removalDate = entry ? entry.removalDate : (row.removalDate ?? now);
    if ((row.removalDate?.getTime() ?? null) !== (removalDate?.getTime() ?? null)) {
      await db
        .update(requestMembers)
        .set({ removalDate })
        .where(and(eq(requestMembers.requestId, requestId), eq(requestMembers.userId, row.userId)));
    }
    wanted.delete(row.userId);
  }
  if (wanted.size > 0) {
    await db.insert(requestMembers).values(
      [...wanted.values()].map((entry) => ({
        requestId,
        userId: entry.userId,
        removalDate: entry.removalDate,
      })),
    );
  }
}

/**
 * A Research Match application entering review starts a review cycle (staff §4.3, §9): the
 * summary (started on submission; a bare one if missing) takes the review quarter — the current
 * quarter offset by -1 — and counts one more cycle, which the cycle's reviews carry.
 */
export async function beginReviewCycle(db: DbOrTx, requestId: number, quarter: string) {
  await db
    .insert(requestSummaries)
    .values({ requestId, reviewQuarter: quarter, reviewCycle: 1 })
    .onConflictDoUpdate({
      target: requestSummaries.requestId,
      set: {
        reviewQuarter: quarter,
        reviewCycle: sql`${requestSummaries.reviewCycle} + 1`,
        modified: new Date(),
      },
    });
}

/** Renewal statuses still under consideration: the renewal follows its application's review. */
const OPEN_RENEWAL_STATUSES = [
  WORKFLOW_STATUS.submitted,
  WORKFLOW_STATUS.underReview,
  WORKFLOW_STATUS.reviewMeeting,
  WORKFLOW_STATUS.conditionallyApproved,
];

/**
 * The open renewal of a Research Match application takes the status its application moves to
 * (decision 210): a renewal is reviewed as the application it brings back. Answers the renewal
 * before and after, for its history, or null when none is open.
 */
export async function renewalFollows(db: DbOrTx, requestId: number, statusId: number) {
  const [open] = await db
    .select()
    .from(requestRenewals)
    .where(
      and(eq(requestRenewals.requestId, requestId), inArray(requestRenewals.statusId, OPEN_RENEWAL_STATUSES)),
    )
    .orderBy(desc(requestRenewals.created), desc(requestRenewals.id))
    .limit(1)
    .for('update');
  if (!open || open.statusId === statusId) return null;
  const [after] = await db
    .update(requestRenewals)
    .set({ statusId, modified: new Date() })
    .where(eq(requestRenewals.id, open.id))
    .returning();
  return { before: open, after: after! };
}
