import type { DbOrTx } from '../../platform/db/database';
import { recordHistory } from '../../platform/history';
import * as repo from './pending-members.repo';
import { requestSnapshot } from './requests.repo';

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
  const ids = await repo.lockOpenRequestsWithout(tx, input);
  for (const id of ids) {
    const before = await requestSnapshot(tx, id);
    await repo.addRequestMember(tx, id, input.userId);
    await recordHistory(tx, {
      model: 'request',
      objectId: id,
      action: 'update',
      before,
      after: await requestSnapshot(tx, id),
      by,
    });
  }
  return ids;
}
