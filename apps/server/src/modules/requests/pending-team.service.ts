import { teamGaps, type TeamGap } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { teamFactsOfProjects } from './pending-team.repo';

/**
 * What other modules call when a pending-team gap may have closed (a joinder signed, an RDA
 * fully executed, an IRB uploaded, a team changed): Approved (Pending Team) requests whose team
 * is now complete become Approved, in the caller's transaction (staff §4.2).
 */
export { promotePendingTeams } from './requests.workflow';

/**
 * The gaps of the pending-team rule for several projects at once, by project (the joinder
 * reminders ask who has not signed, decision 273).
 */
export async function teamGapsOfProjects(
  tx: DbOrTx,
  projectIds: readonly number[],
  now = new Date(),
): Promise<Map<number, TeamGap[]>> {
  const facts = await teamFactsOfProjects(tx, projectIds, now);
  return new Map([...facts].map(([projectId, members]) => [projectId, teamGaps(members)]));
}
