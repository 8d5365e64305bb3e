import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ABN_ACCESS_STATUSES, TISSUE_REQUEST_TYPE } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { requests, users } from '../../db/schema';

/**
 * The SQL of Autism BrainNet data access. Whether a user has it — the session's `abn_approved` (foundation §3):
 * an ABN Data Access request (type 6) of theirs that is Approved or Fulfilled, or access granted
 * outside the portal (`users.abn_approved`, kept for records that predate it; decision 233).
 * As a column of a query that reads the user's row.
 */
export function abnApprovedOfUserRow(): SQL<boolean> {
  return sql<boolean>`(${users.abnApproved} OR EXISTS (
    SELECT 1 FROM ${requests}
    WHERE ${and(
      eq(requests.ownerId, users.id),
      eq(requests.typeId, TISSUE_REQUEST_TYPE.dataAccess),
      inArray(requests.statusId, [...ABN_ACCESS_STATUSES]),
    )}))`;
}

export async function abnApprovedOf(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ approved: abnApprovedOfUserRow() }).from(users).where(eq(users.id, userId));
  return row?.approved === true;
}
