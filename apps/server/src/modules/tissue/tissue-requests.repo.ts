import { and, eq, inArray, ne } from 'drizzle-orm';
import { TISSUE_REQUEST_TYPE } from '@rrp/domain';
import { ABN_REVIEW_STATUSES } from '@rrp/domain/resource-access';
import { requests } from '../../db/schema';
import type { DbOrTx } from '../../platform/db/database';

/** Whether the owner has another ABN Data Access request waiting for a decision. */
export async function dataAccessUnderReview(tx: DbOrTx, ownerId: number, exceptId: number | null) {
  const [row] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.ownerId, ownerId),
        eq(requests.typeId, TISSUE_REQUEST_TYPE.dataAccess),
        inArray(requests.statusId, [...ABN_REVIEW_STATUSES]),
        exceptId === null ? undefined : ne(requests.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
