import { irbExpiryState, permissionsFor, type Actor } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { answersByFacts } from '../../platform/db/json-sql-parts';
import { PROJECT_FACTS, projectRowsJson, type ProjectRowJson } from './projects-read.repo';
import { projectSubject } from './projects.presenter';

/*
 * A page of projects (or one) as the API answers it, from the read model's statement: the
 * caller's permissions are the domain's answers per combination of the row's facts, picked by
 * the statement; `irb_state` reads the clock, so Node writes it into each row's text.
 */

/** The subject the permission conditions read, for one combination of PROJECT_FACTS. */
function subjectOfFacts(actor: Actor, [isOwner, isTeamMember, isAssignedReviewer]: boolean[]) {
  return projectSubject(actor, {
    // An id no account has: the project is someone else's.
    ownerId: isOwner ? actor.userId : -1,
    callerIsMember: isTeamMember,
    callerReviews: isAssignedReviewer!,
  });
}

/** The rows with these ids in page order (what the caller may read is decided before). */
export function projectRows(db: DbOrTx, actor: Actor, ids: readonly number[], expand: ReadonlySet<string>) {
  if (ids.length === 0) return Promise.resolve([]);
  const answers = (subject: 'Project' | 'ResearchTeam') =>
    answersByFacts(PROJECT_FACTS.length, (facts) =>
      permissionsFor(actor, subject, subjectOfFacts(actor, facts)),
    );
  return projectRowsJson(db, {
    ids,
    callerId: actor.userId,
    expand,
    permissions: answers('Project'),
    teamPermissions: answers('ResearchTeam'),
  });
}

/** One row's JSON text, with its IRB's expiry state as of `now`. */
export function projectRowText(row: ProjectRowJson, now: Date): string {
  const irbState = irbExpiryState(
    row.irbId === null ? null : { designation: row.irbDesignation, renewal_date: row.irbRenewalDate },
    now,
  );
  return `${row.head}, "irb_state" : "${irbState}", ${row.tail}`;
}

/** What the caller's checks read of a row (owner, member, reviewer). */
export const subjectOfRow = (actor: Actor, row: ProjectRowJson) => projectSubject(actor, row);
