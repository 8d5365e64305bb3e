import type { DbOrTx } from '../../platform/db/database';
import { addMemberToProjectRequests } from '../requests/pending-members.service';
import { claimRowsByEmail } from './research-team.repo';

/**
 * A person added to research teams by e-mail before they had an account (decision 092) claims
 * those rows when their account's e-mail is verified: each current row is linked to the account,
 * and where the member has access, the project's requests filed since they joined put the account
 * on their access lists (the wizard could not list them by account when the request was filed).
 * Runs in the caller's transaction; answers the requests that gained the member.
 */
export async function claimTeamMemberships(
  tx: DbOrTx,
  user: { id: number; email: string },
  by: { userId: number } | null = null,
): Promise<number[]> {
  const rows = await claimRowsByEmail(tx, user);
  const granted: number[] = [];
  for (const row of rows.filter((member) => member.active)) {
    granted.push(
      ...(await addMemberToProjectRequests(
        tx,
        { userId: user.id, projectId: row.projectId, since: row.created },
        by,
      )),
    );
  }
  return granted;
}
