import { irbExpiryState, permissionsFor, type Actor } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { kindOf } from '../../platform/db/permission-cases';
import {
  projectPermissions,
  projectRowsJson,
  teamPermissions,
  type ProjectRowJson,
} from './projects-read.repo';
import { projectSubject } from './projects.presenter';
import { projectRowCache } from './project-row-cache';

/*
 * A page of projects (or one) as the API answers it, from the read model's statement: the
 * caller's permissions are the domain's answers per combination of the row's facts, picked by
 * the statement; `irb_state` reads the clock, so Node writes it into each row's text.
 */

/** The subject the permission conditions read, for one combination of the project's facts. */
function subjectOfFacts(
  actor: Actor,
  facts: { isOwner: boolean; isTeamMember: boolean; isAssignedReviewer: boolean },
) {
  return projectSubject(actor, {
    // An id no account has: the project is someone else's.
    ownerId: facts.isOwner ? actor.userId : -1,
    callerIsMember: facts.isTeamMember,
    callerReviews: facts.isAssignedReviewer,
  });
}

/** The relations `?expand=` may name, in the order a row's variant spells them. */
const EXPANDABLE = ['owner', 'institution', 'latest_irb', 'creator'] as const;

/**
 * The rows with these ids in page order (what the caller may read is decided before), kept
 * between calls per caller; `withVersion`: each with its version, for the detail's ETag.
 */
export function projectRows(
  db: DbOrTx,
  actor: Actor,
  ids: readonly number[],
  expand: ReadonlySet<string>,
  withVersion = false,
) {
  if (ids.length === 0) return Promise.resolve([]);
  // A row is the same for callers of the same id and kind (what their answers depend on).
  const shape = [withVersion, ...EXPANDABLE.map((name) => expand.has(name))].map(Number).join('');
  const variant = `${shape}|${actor.userId}|${kindOf(actor)}`;
  return projectRowCache.read(db, ids, variant, (missing) =>
    projectRowsJson(db, {
      ids: missing,
      callerId: actor.userId,
      expand,
      withVersion,
      permissions: projectPermissions.answersFor(actor, (facts) =>
        permissionsFor(actor, 'Project', subjectOfFacts(actor, facts)),
      ),
      teamPermissions: teamPermissions.answersFor(actor, (facts) =>
        permissionsFor(actor, 'ResearchTeam', subjectOfFacts(actor, facts)),
      ),
    }),
  );
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
