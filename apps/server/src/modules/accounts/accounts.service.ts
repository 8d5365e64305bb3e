import type { DbOrTx } from '../../platform/db/database';
import { fullName } from './accounts.presenter';
import * as repo from './accounts.repo';

/** What other modules may ask of accounts. */

/** A user's full name as signatures must match it, or '' for an unknown user. */
export async function displayName(tx: DbOrTx, userId: number): Promise<string> {
  const user = await repo.findUserById(tx, userId);
  return user ? fullName(user) : '';
}
