import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { irbExpiryState, TEAM_GATE_ROLES, type TeamMemberFacts } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { anyOfIds, prepared } from '../../platform/db/prepared';
import { teamRowIsUsers } from '../project-facts/project-facts.service';
import { files, projects, requests, researchTeamMembers, userInstitutions, users } from '../../db/schema';

/** The pending-team rule's SQL (staff §4.2): what it reads of a project's team, and the requests it may promote. */

/** The member's account: the row's own, else the account with the member's e-mail. */
const memberUserId = sql<
  number | null
>`coalesce(${researchTeamMembers.userId}, (select u.id from ${users} u where lower(u.email) = lower(${researchTeamMembers.email})))`;

/** The institution a member works at: the row's own, else the account's primary affiliation. */
const memberInstitution = sql<
  number | null
>`coalesce(${researchTeamMembers.institutionId}, (select ui.institution_id from ${userInstitutions} ui where ui.user_id = ${memberUserId} and ui.primary and ui.removal_reason is null order by ui.id limit 1))`;

/** What the rule reads of each principal or co-investigator row, under the names Node maps. */
const FACT_COLUMNS = {
  projectId: researchTeamMembers.projectId,
  userId: memberUserId,
  firstName: researchTeamMembers.firstName,
  lastName: researchTeamMembers.lastName,
  userRole: researchTeamMembers.userRole,
  accountActive: users.isActive,
  irbData: files.additionalData,
  joinderDate: sql<
    string | null
  >`(select ui.joinder_date::text from ${userInstitutions} ui where ui.user_id = ${memberUserId} and ui.institution_id = ${memberInstitution} and ui.removal_reason is null order by ui.id limit 1)`,
  rdaStatus: sql<
    number | null
  >`(select (f.additional_data ->> 'status')::int from institutions i join ${files} f on f.id = i.current_rda_id where i.id = ${memberInstitution})`,
};

/** A row of FACT_COLUMNS, as the driver or PostgreSQL's JSON gives it. */
export interface TeamFactRow {
  projectId: number;
  userId: number | null;
  firstName: string;
  lastName: string;
  userRole: number;
  accountActive: boolean | null;
  irbData: Record<string, unknown> | null;
  joinderDate: string | null;
  rdaStatus: number | null;
}

/** The current principal and co-investigator rows of the projects `projectOf` matches, with what the rule joins. */
function factRows(db: DbOrTx, columns: typeof FACT_COLUMNS | { value: SQL }, projectOf: SQL) {
  return (
    db
      // Typed as the rows' own selection: the JSON form is only ever read as SQL, inside another statement.
      .select(columns as typeof FACT_COLUMNS)
      .from(researchTeamMembers)
      .innerJoin(projects, eq(projects.id, researchTeamMembers.projectId))
      .leftJoin(users, eq(users.id, memberUserId))
      .leftJoin(files, eq(files.id, projects.latestIrbId))
      .where(
        and(
          projectOf,
          isNull(researchTeamMembers.removalDate),
          inArray(researchTeamMembers.userRole, [...TEAM_GATE_ROLES]),
        ),
      )
  );
}
const FACT_ORDER = [researchTeamMembers.userRole, researchTeamMembers.id] as const;

/**
 * The team facts of the project `projectId` names, as one JSON array in the caller's statement
 * (the request detail's, for its decisions); `teamFactsFromRows` reads it.
 */
export function teamFactsJson(db: DbOrTx, projectId: SQL): SQL<TeamFactRow[]> {
  const fields = Object.entries(FACT_COLUMNS).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  const value = sql`coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)}) order by ${sql.join([...FACT_ORDER], sql`, `)}), '[]'::json)`;
  return sql<
    TeamFactRow[]
  >`(${factRows(db, { value }, sql`${researchTeamMembers.projectId} = ${projectId}`)})`;
}

/** A member's facts as the rule takes them (the IRB judged at `now`). */
export function teamFactsFromRows(rows: readonly TeamFactRow[], now = new Date()): TeamMemberFacts[] {
  return rows.map((row) => {
    const irb = row.irbData
      ? {
          designation: Number(row.irbData.designation),
          renewal_date: typeof row.irbData.renewal_date === 'string' ? row.irbData.renewal_date : null,
        }
      : null;
    const irbState = irbExpiryState(irb, now);
    return {
      user_id: row.userId === null ? null : Number(row.userId),
      display_name: `${row.firstName} ${row.lastName}`.trim(),
      user_role: row.userRole,
      account_active: row.userId !== null && row.accountActive === true,
      project_irb_valid: irbState !== 'none' && irbState !== 'expired',
      rda_status: row.rdaStatus === null ? null : Number(row.rdaStatus),
      joinder_date: row.joinderDate,
    };
  });
}

/**
 * What the pending-team rule reads about the principal and co-investigator members of a
 * project's current team (staff §4.2): account, the joinder with their institution, that
 * institution's RDA status, and the project's IRB.
 */
export async function teamFacts(db: DbOrTx, projectId: number, now = new Date()): Promise<TeamMemberFacts[]> {
  return (await teamFactsOfProjects(db, [projectId], now)).get(projectId) ?? [];
}

/** `teamFacts` of several projects in one query, by project. */
export async function teamFactsOfProjects(
  db: DbOrTx,
  projectIds: readonly number[],
  now = new Date(),
): Promise<Map<number, TeamMemberFacts[]>> {
  const byProject = new Map<number, TeamMemberFacts[]>();
  if (projectIds.length === 0) return byProject;
  const rows = await prepared(db, 'team_facts_by_project_ids', (name) =>
    factRows(db, FACT_COLUMNS, anyOfIds(researchTeamMembers.projectId))
      .orderBy(...FACT_ORDER)
      .prepare(name),
  ).execute({ ids: [...projectIds] });
  const members = rows as TeamFactRow[];
  teamFactsFromRows(members, now).forEach((facts, at) => {
    const { projectId } = members[at]!;
    byProject.set(projectId, [...(byProject.get(projectId) ?? []), facts]);
  });
  return byProject;
}

/**
 * Approved (Pending Team) requests whose gate may have changed: of one project, of projects
 * where a user is a principal or co-investigator, or where a member works at an institution.
 */
export async function pendingTeamRequests(
  db: DbOrTx,
  scope: { projectId?: number; userId?: number; institutionId?: number },
  pendingStatus: number,
): Promise<{ id: number; projectId: number }[]> {
  const roles = sql.raw(TEAM_GATE_ROLES.join(', '));
  const conditions = [];
  if (scope.projectId !== undefined) conditions.push(sql`${requests.projectId} = ${scope.projectId}`);
  if (scope.userId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${researchTeamMembers} tm where tm.project_id = ${requests.projectId} and tm.removal_date is null and tm.user_role in (${roles}) and ${teamRowIsUsers(scope.userId)})`,
    );
  }
  if (scope.institutionId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${researchTeamMembers} tm where tm.project_id = ${requests.projectId} and tm.removal_date is null and tm.user_role in (${roles}) and (tm.institution_id = ${scope.institutionId} or exists (select 1 from ${userInstitutions} ui where ui.institution_id = ${scope.institutionId} and ui.removal_reason is null and ui.user_id = coalesce(tm.user_id, (select u.id from ${users} u where lower(u.email) = lower(tm.email))))))`,
    );
  }
  if (conditions.length === 0) return [];
  return db
    .select({ id: requests.id, projectId: requests.projectId })
    .from(requests)
    .where(and(eq(requests.statusId, pendingStatus), sql`(${sql.join(conditions, sql` or `)})`))
    .orderBy(requests.id);
}
