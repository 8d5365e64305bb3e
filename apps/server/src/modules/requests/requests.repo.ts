import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { APPROVED_STATUSES, type DecisionTimes } from '@rrp/domain';
import { anyOfIds, prepared } from '../../platform/db/prepared';
import { teamRowGivesAccess } from '../project-facts/project-facts.service';
import type { DbOrTx } from '../../platform/db/database';
import { cohorts, files, institutions, projects, requests, sampleTypes, users } from '../../db/schema';
import { relationsOf } from './request-relations.repo';

export type RequestRow = typeof requests.$inferSelect;

const creators = alias(users, 'request_creators');

/**
 * Columns of the listed request, qualified: drizzle leaves columns unqualified in single-table
 * queries (the list's count), where a subquery would read its own table's column of that name.
 */
export const R = {
  id: sql.raw('"requests"."id"'),
  projectId: sql.raw('"requests"."project_id"'),
  ownerId: sql.raw('"requests"."owner_id"'),
  institutionId: sql.raw('"requests"."institution_id"'),
  cohortIds: sql.raw('"requests"."cohort_ids"'),
};
const approvedList = sql.raw(APPROVED_STATUSES.join(', '));

/** The caller is on the request's project's current team with access (the PI's row included). */
export function isProjectMemberSql(userId: number | Placeholder): SQL<boolean> {
  return sql<boolean>`exists (select 1 from research_team_members tm where tm.project_id = ${R.projectId} and ${teamRowGivesAccess(userId)})`;
}

/**
 * Requests a researcher sees: their own and those of projects whose current team they are on. The
 * team's projects are an array read once (an init plan), so both halves are index conditions and
 * PostgreSQL ORs two bitmaps of the owner and project indexes; with the projects as a subquery
 * instead, an OR read every request, and a union of ids looked each row up again by its key.
 */
export function visibleTo(userId: number): SQL {
  return sql`(${R.ownerId} = ${userId} or ${R.projectId} = any(array(select tm.project_id from research_team_members tm where ${teamRowGivesAccess(userId)})))`;
}

/** Files kept for a request the user sees (its documents read by its owner and team). */
export function fileOfVisibleRequest(userId: number): SQL {
  return sql`exists (select 1 from requests where "requests"."id" = ${files.requestId} and ${visibleTo(userId)})`;
}

/**
 * Flags the staff panel reads (staff §3 request): every current team member with access has an
 * account; no earlier request on the project; another request of the project is approved; the
 * project's IRB was uploaded after this request was submitted.
 */
export const flags = {
  researchTeamReady: sql<boolean>`not exists (select 1 from research_team_members tm where tm.project_id = ${R.projectId} and tm.removal_date is null and tm.active and tm.user_id is null and (select u.id from users u where lower(u.email) = lower(tm.email)) is null)`,
  firstReqOnProject: sql<boolean>`not exists (select 1 from requests earlier where earlier.project_id = ${R.projectId} and earlier.id < ${R.id})`,
  projectHasApprovedReq: sql<boolean>`exists (select 1 from requests other where other.project_id = ${R.projectId} and other.id <> ${R.id} and other.status_id in (${approvedList}))`,
};

/** The caller of the prepared request statement, whose membership and assignment it reads. */
const caller = sql.placeholder('callerId');

function requestColumns() {
  return {
    request: requests,
    owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName },
    institution: { id: institutions.id, name: institutions.name },
    project: {
      id: projects.id,
      title: projects.title,
      abstract: projects.abstract,
      portalProjectId: projects.portalProjectId,
      nonAutismResearch: projects.nonAutismResearch,
      ownerId: projects.ownerId,
    },
    irb: { id: files.id, name: files.name, additionalData: files.additionalData, created: files.created },
    sampleType: { id: sampleTypes.id, name: sampleTypes.name, type: sampleTypes.type },
    callerIsMember: isProjectMemberSql(caller),
    /** The caller is assigned to review the request (staff §6 "only own assignments"). */
    callerIsReviewer: sql<boolean>`exists (select 1 from request_reviewers rr where rr.request_id = ${R.id} and rr.user_id = ${caller})`,
    ...flags,
  };
}

/**
 * The requests of these ids (one page of a list, in any order, or one request) with their joins and
 * flags, as one named prepared statement: PostgreSQL plans it once per connection. Planning it
 * anew cost the database about 6 ms of CPU per call against 0.2 ms to run it (issue 15).
 */
export async function requestsByIds(db: DbOrTx, ids: readonly number[], callerId: number) {
  if (ids.length === 0) return [];
  return prepared(db, 'requests_by_ids', (name) =>
    db
      .select(requestColumns())
      .from(requests)
      .innerJoin(users, eq(users.id, requests.ownerId))
      .innerJoin(projects, eq(projects.id, requests.projectId))
      .leftJoin(creators, eq(creators.id, requests.creatorId))
      .leftJoin(institutions, eq(institutions.id, requests.institutionId))
      .leftJoin(files, eq(files.id, projects.latestIrbId))
      .leftJoin(sampleTypes, eq(sampleTypes.id, requests.sampleTypeId))
      .where(anyOfIds(requests.id))
      .prepare(name),
  ).execute({ ids: [...ids], callerId });
}

export async function findRequest(db: DbOrTx, id: number, callerId: number) {
  const [row] = await requestsByIds(db, [id], callerId);
  return row ?? null;
}

export async function lockRequest(db: DbOrTx, id: number): Promise<RequestRow | null> {
  const [row] = await db.select().from(requests).where(eq(requests.id, id)).for('update');
  return row ?? null;
}

export async function cohortNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await prepared(db, 'cohort_names_by_ids', (name) =>
    db.select({ id: cohorts.id, name: cohorts.name }).from(cohorts).where(anyOfIds(cohorts.id)).prepare(name),
  ).execute({ ids: [...new Set(ids)] });
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Per request type, how long decisions took over the last 12 months: the 80th percentile of
 * submission-to-decision in days, and how many decisions that is (decision 201).
 */
export async function decisionTimes(db: DbOrTx): Promise<Map<number, DecisionTimes>> {
  const rows = await db
    .select({
      typeId: requests.typeId,
      p80Days: sql<number>`percentile_cont(0.8) within group (order by extract(epoch from ${requests.decisionDate} - ${requests.submissionDate}) / 86400)`,
      decided: sql<number>`count(*)::int`,
    })
    .from(requests)
    .where(
      and(
        sql`${requests.decisionDate} >= now() - interval '12 months'`,
        sql`${requests.submissionDate} is not null`,
        sql`${requests.decisionDate} >= ${requests.submissionDate}`,
      ),
    )
    .groupBy(requests.typeId);
  return new Map(
    rows.map((row) => [row.typeId, { p80Days: Number(row.p80Days), decided: Number(row.decided) }]),
  );
}

export async function findProjectForRequest(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      project: projects,
      irbData: files.additionalData,
    })
    .from(projects)
    .leftJoin(files, eq(files.id, projects.latestIrbId))
    .where(eq(projects.id, id));
  return row ?? null;
}

/** What the history of a request records: its row and the lists written with it. */
export async function requestSnapshot(db: DbOrTx, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await db.select().from(requests).where(eq(requests.id, id));
  if (!row) return null;
  const relations = await relationsOf(db, [id]);
  return {
    ...row,
    datasets: (relations.datasets.get(id) ?? []).map((entry) => entry.dataset.id),
    samples: Object.fromEntries(
      (relations.samples.get(id) ?? []).map((entry) => [entry.sampleId, entry.amount]),
    ),
    access_control_list: (relations.members.get(id) ?? []).map((member) => ({
      user_id: member.userId,
      removal_date: member.removalDate?.toISOString() ?? null,
      verified: member.verified,
    })),
    review_users: (relations.reviewers.get(id) ?? []).map((reviewer) => reviewer.userId),
  };
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * How many requests each ABN dashboard tab holds among those in `scope` (staff §2.7): one pass
 * over the network's requests, one count per tab.
 */
export async function abnDashboardCounts(
  db: DbOrTx,
  tabs: readonly { key: string; types: readonly number[]; statuses: readonly number[] }[],
  scope: SQL | undefined,
): Promise<Map<string, number>> {
  const columns = Object.fromEntries(
    tabs.map((tab) => [
      tab.key,
      sql<number>`count(*) filter (where ${inArray(requests.typeId, [...tab.types])} and ${inArray(requests.statusId, [...tab.statuses])})::int`,
    ]),
  );
  const types = [...new Set(tabs.flatMap((tab) => tab.types))];
  const [row] = await db
    .select(columns)
    .from(requests)
    .where(and(inArray(requests.typeId, types), scope));
  return new Map(
    tabs.map((tab) => [tab.key, Number((row as Record<string, number> | undefined)?.[tab.key] ?? 0)]),
  );
}
