import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import { WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { recordHistory } from '../../platform/history';
import { requestMembers, requests } from '../../db/schema';
import { requestSnapshot } from './requests.repo';

/**
 * Requests that no longer take new team members: Rejected, Withdrawn and Archived.
 */
const CLOSED_REQUEST_STATUSES = [
  WORKFLOW_STATUS.rejected,
  WORKFLOW_STATUS.withdrawn,
  WORKFLOW_STATUS.archived,
];

/**
 * A team member who had no account when a project's requests were filed (decision 092): once the
 * account exists, every request of the project filed since the member joined its team (and not
 * closed) takes the account on its access list, unless it is already there. Runs in the caller's
 * transaction and records each request's new version in its history. Answers the request ids.
 */
export async function addMemberToProjectRequests(
  tx: DbOrTx,
  input: { userId: number; projectId: number; since: Date },
  by: { userId: number } | null,
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
  for (const { id } of rows) {
    const before = await requestSnapshot(tx, id);
    await tx.insert(requestMembers).values({ requestId: id, userId: input.userId });
    await recordHistory(tx, {
      model: 'request',
      objectId: id,
      action: 'update',
      before,
      after: await requestSnapshot(tx, id),
      by,
    });
  }
  return rows.map((row) => row.id);
}
