import type { DbOrTx } from '../../platform/db/database';
import * as repo from './tissue-access.repo';

/**
 * Whether a user has Autism BrainNet data access — the session's `abn_approved` (foundation §3):
 * an ABN Data Access request (type 6) of theirs that is Approved or Fulfilled, or access granted
 * outside the portal (`users.abn_approved`, kept for records that predate it; decision 233).
 */
export const abnApprovedOf = (db: DbOrTx, userId: number): Promise<boolean> => repo.abnApprovedOf(db, userId);

/** The same, as a column of a query that reads the user's row (GET user/me/ in one statement). */
export const abnApprovedOfUserRow = repo.abnApprovedOfUserRow;
