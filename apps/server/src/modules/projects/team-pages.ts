import { can, RESEARCH_TEAM_ROLES, teamRoleName, type Actor } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { projectSubject, teamWarnings } from './projects.presenter';
import { teamRowsJson, type TeamRowJson } from './research-team-read.repo';

/*
 * A page of research team rows as the API answers it, from the read model's statement; Node
 * writes only each row's `warnings`, which read the clock (the IRB's expiry) and are shown to
 * those who may fix the team.
 */

/** teamRoleName's answers, as the statement reads them. */
const ROLE_NAMES = JSON.stringify(
  Object.fromEntries(RESEARCH_TEAM_ROLES.map((_, at) => [String(at + 1), teamRoleName(at + 1)])),
);
const UNKNOWN_ROLE = teamRoleName(0);

/** The rows with these ids in page order (what the caller may read is decided before). */
export function teamRows(db: DbOrTx, actor: Actor, ids: readonly number[], expandInstitution: boolean) {
  if (ids.length === 0) return Promise.resolve([]);
  return teamRowsJson(db, {
    ids,
    callerId: actor.userId,
    expandInstitution,
    roleNames: ROLE_NAMES,
    unknownRole: UNKNOWN_ROLE,
  });
}

/**
 * Whether the caller sees a row's warnings: they are for those who may fix the team (researcher
 * §6). The domain's answer for each combination of the facts the check reads, asked once per call.
 */
export function warningsShownTo(actor: Actor): (row: TeamRowJson) => boolean {
  const answers = [false, true].map((isOwner) =>
    [false, true].map((reviews) =>
      can(
        actor,
        'update',
        'ResearchTeam',
        projectSubject(actor, { ownerId: isOwner ? actor.userId : -1, callerReviews: reviews }),
      ),
    ),
  );
  return (row) => answers[Number(row.ownerId === actor.userId)]![Number(row.callerReviews)]!;
}

/** One row's JSON text, with its warnings as of `now` when shown. */
export function teamRowText(row: TeamRowJson, showWarnings: boolean, now: Date): string {
  const warnings = showWarnings ? teamWarnings(row, now) : [];
  return `${row.open}, "warnings" : ${JSON.stringify(warnings)}}`;
}
