import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import { WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { requestMembers, requests } from '../../db/schema';

/**
 * Requests that no longer take new team members: Rejected, Withdrawn and Archived.
 */
const CLOSED_REQUEST_STATUSES = [
  WORKFLOW_STATUS.rejected,
  WORKFLOW_STATUS.withdrawn,
  WORKFLOW_STATUS.archived,
];

/**
 * The open requests of a project filed since a date that do not list the user, locked for the
 * change (decision 092).
 */
export async function lockOpenRequestsWithout(
  tx: DbOrTx,
  input: { userId: number; projectId: number; since: Date },
): Promise<number[]> {
  const rows = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.projectId, input.projectId),
        gte(requests.created, input.since),
        notInArray(requests.statusId, [...CLOSED_REQUEST_STATUSES]),
        sql`not exists (select 1 from ${requestMembers} m where m.request_id = ${requests.id} and m.user_id = ${input.userId})`,
      ),
    )
    .orderBy(requests.id)
    .for('update');
  return rows.map((row) => row.id);
}

/** Puts the user on the request's access list. */
export async function addRequestMember(tx: DbOrTx, requestId: number, userId: number): Promise<void> {
  await tx.insert(requestMembers).values({ requestId, userId });
}
