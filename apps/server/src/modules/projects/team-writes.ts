import { PI_TEAM_ROLE, PROJECT_MESSAGES, type ResearchTeamMemberInput } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { ValidationError } from '../../platform/http/errors';
import type { findUser, ProjectRow } from './projects.repo';
import * as team from './research-team.repo';

const UNKNOWN_INSTITUTION = 'Please choose an institution from the list.';

/**
 * Writes a project's research team to match `rows` (researcher §5 "Team", §7 POST research-team):
 * rows are matched to current members by id, else by e-mail; members left out are removed
 * (their row keeps a removal date); the PI's row is fixed and never removed. Accounts are found
 * by e-mail. Returns whether anything changed.
 */
export async function writeTeam(
  tx: DbOrTx,
  project: ProjectRow,
  rows: readonly ResearchTeamMemberInput[],
  now: Date,
): Promise<boolean> {
  const current = await team.currentTeam(tx, project.id);
  const pi = current.find((member) => member.userRole === PI_TEAM_ROLE && member.userId === project.ownerId);
  const lower = (email: string) => email.trim().toLowerCase();
  const isPiRow = (row: ResearchTeamMemberInput) =>
    (pi !== undefined && (row.id === pi.id || lower(row.email) === lower(pi.email))) ||
    row.user_id === project.ownerId;
  const wanted = rows.filter((row) => !isPiRow(row));

  const errors: string[] = [];
  if (wanted.some((row) => row.user_role === PI_TEAM_ROLE)) errors.push(PROJECT_MESSAGES.piRoleReserved);
  const institutionIds = [...new Set(wanted.flatMap((row) => (row.institution ? [row.institution] : [])))];
  const known = await team.existingInstitutions(tx, institutionIds);
  if (institutionIds.some((id) => !known.has(id))) errors.push(UNKNOWN_INSTITUTION);
  if (errors.length > 0) throw new ValidationError({ team: errors });

  const others = current.filter((member) => member !== pi);
  const byId = new Map(others.map((member) => [member.id, member]));
  const byEmail = new Map(others.map((member) => [lower(member.email), member]));
  const accounts = await team.usersByEmail(
    tx,
    wanted.map((row) => row.email),
  );

  const matched = new Set<number>();
  const updates: { id: number; values: Partial<team.TeamMemberRow> }[] = [];
  const inserts: team.NewTeamMember[] = [];
  for (const row of wanted) {
    const byRowId = row.id ? byId.get(row.id) : undefined;
    const existing = byRowId && !matched.has(byRowId.id) ? byRowId : byEmail.get(lower(row.email));
    const found = existing && !matched.has(existing.id) ? existing : undefined;
    // E-mail addresses compare without case: a re-typed capital changes nothing.
    const email = found && lower(found.email) === lower(row.email) ? found.email : row.email.trim();
    const desired = {
      email,
      firstName: row.first_name,
      lastName: row.last_name,
      userRole: row.user_role,
      institutionId: row.institution ?? null,
      globusUsername: row.globus_username,
      active: row.active,
      userId:
        accounts.get(lower(email)) ?? (found && lower(found.email) === lower(email) ? found.userId : null),
    };
    if (!found) {
      inserts.push({ ...desired, projectId: project.id, created: now, modified: now });
      continue;
    }
    matched.add(found.id);
    const changed = (Object.keys(desired) as (keyof typeof desired)[]).filter(
      (key) => desired[key] !== found[key],
    );
    if (changed.length > 0) {
      updates.push({ id: found.id, values: Object.fromEntries(changed.map((key) => [key, desired[key]])) });
    }
  }
  const removed = others.filter((member) => !matched.has(member.id)).map((member) => member.id);

  // Removals first, so an e-mail address can move between rows without a clash.
  await team.removeMembers(tx, removed, now);
  // Rows whose address changes first let go of the old one, so two rows may swap addresses.
  for (const update of updates.filter((u) => u.values.email !== undefined)) {
    await team.updateMember(tx, update.id, { email: `#${update.id}` });
  }
  for (const update of updates) await team.updateMember(tx, update.id, update.values);
  await team.insertMembers(tx, inserts);
  return removed.length + updates.length + inserts.length > 0;
}

/** Makes `owner` the project's PI: the previous PI's row is removed, the new one fixed with access. */
export async function moveTeamToOwner(
  tx: DbOrTx,
  project: ProjectRow,
  owner: NonNullable<Awaited<ReturnType<typeof findUser>>>,
  institutionId: number | null,
  now: Date,
) {
  const current = await team.currentTeam(tx, project.id);
  const oldPi = current.filter((member) => member.userRole === PI_TEAM_ROLE);
  await team.removeMembers(
    tx,
    oldPi.filter((member) => member.userId !== owner.id).map((member) => member.id),
    now,
  );
  const mine = current.find(
    (member) =>
      member.userId === owner.id || member.email.trim().toLowerCase() === owner.email.trim().toLowerCase(),
  );
  const piValues = {
    userId: owner.id,
    email: owner.email,
    firstName: owner.firstName,
    lastName: owner.lastName,
    userRole: PI_TEAM_ROLE,
    institutionId,
    active: true,
  };
  if (mine) await team.updateMember(tx, mine.id, piValues);
  else
    await team.insertMembers(tx, [
      { ...piValues, projectId: project.id, globusUsername: owner.globusUsername },
    ]);
}
