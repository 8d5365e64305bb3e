import { sql, type SQL } from 'drizzle-orm';
import { CART_REQUEST_TYPES, RESEARCH_MATCH_TYPES, WORKFLOW_STATUS, type ConflictKind } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { prepared } from '../../platform/db/prepared';
import { rowsOf } from '../../platform/db/rows';
import { personName } from '../../platform/db/json-sql-parts';
import { completedReviewDays, REVIEW_COMPLETE } from '../../platform/research-match-reviews';

/**
 * The assistant's SQL (issue 33): every number is computed by PostgreSQL over the whole reviewer
 * pool — the load by aggregating reviews grouped by reviewer (one statement, which the service
 * keeps until the load changes), the conflicts by joins from the request's applicant and team
 * (one statement per suggestion) — never a query per reviewer.
 */

/** Constant lists (request types, statuses, group names) written into the statement. */
const numbers = (values: readonly number[]) => sql.raw(values.map((value) => Number(value)).join(', '));
const texts = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const UNDER_REVIEW = sql.raw(String(WORKFLOW_STATUS.underReview));

/** What the load is counted against: the first day that is not overdue, and a year back. */
export interface LoadClock {
  /** Today, `YYYY-MM-DD` (UTC). */
  today: string;
  /** A year before now: completions since then count for the turnaround. */
  yearAgo: Date;
}

/**
 * `open_items` (the open reviews of the reviewers in `pool`: assigned, on a request Under Review,
 * not yet completed — a Research Match review of the current cycle not fully scored, a tissue
 * review not submitted — with their due date) and `load` (per reviewer: open, due within 7 days,
 * overdue, and the median days to complete over the last 12 months). The turnaround is the
 * insights' reviewer metric (decision 270): from the assignment, or the start of the review when
 * the reviewer was assigned before it, to the review's last save; a tissue review from when it
 * opened to its submission.
 */
function loadCtes(clock: LoadClock, dueSoonDays: number): SQL {
  const today = sql`${clock.today}::date`;
  const dueDay = sql.raw(`(due_date at time zone 'UTC')::date`);
  return sql`open_items as (
      select a.user_id as reviewer_id, a.request_id, s.due_date, a.reviewer_role
      from request_reviewers a
      join requests r on r.id = a.request_id
      left join request_summaries s on s.request_id = a.request_id
      left join reviews review
        on review.request_id = a.request_id and review.reviewer_id = a.user_id and review.cycle = s.review_cycle
      where a.user_id in (select id from pool)
        and r.type_id in (${numbers(RESEARCH_MATCH_TYPES)}) and r.status_id = ${UNDER_REVIEW}
        and not coalesce(${REVIEW_COMPLETE}, false)
      union all
      select tr.reviewer_id, tr.request_id, tr.due_date, null
      from tissue_reviews tr
      join requests r on r.id = tr.request_id
      join request_reviewers a on a.request_id = tr.request_id and a.user_id = tr.reviewer_id
      where tr.reviewer_id in (select id from pool)
        and r.type_id in (${numbers(CART_REQUEST_TYPES)}) and r.status_id = ${UNDER_REVIEW}
        and tr.submitted_at is null
    ),
    completed as (
      ${completedReviewDays(
        sql`review.reviewer_id in (select id from pool) and review.modified >= ${clock.yearAgo.toISOString()}::timestamptz`,
      )}
      union all
      select tr.reviewer_id, greatest(extract(epoch from tr.submitted_at - tr.created)::float8 / 86400, 0)
      from tissue_reviews tr
      where tr.reviewer_id in (select id from pool) and tr.submitted_at >= ${clock.yearAgo.toISOString()}::timestamptz
    ),
    load as (
      select pool.id as reviewer_id,
        coalesce(open.open_reviews, 0) as open_reviews,
        coalesce(open.due_soon, 0) as due_soon,
        coalesce(open.overdue, 0) as overdue,
        round(done.median::numeric, 1)::float8 as median_days_to_complete,
        coalesce(done.completed, 0) as completed_last_year
      from pool
      left join (
        select reviewer_id, count(*)::int as open_reviews,
          count(*) filter (where ${dueDay} >= ${today} and ${dueDay} <= ${today} + ${dueSoonDays}::int)::int as due_soon,
          count(*) filter (where ${dueDay} < ${today})::int as overdue
        from open_items group by reviewer_id
      ) open on open.reviewer_id = pool.id
      left join (
        select reviewer_id, count(*)::int as completed,
          percentile_cont(0.5) within group (order by days) as median
        from completed group by reviewer_id
      ) done on done.reviewer_id = pool.id
    )`;
}

/** Active members of `groups`, with the ones they hold; `where` narrows them (on `u`). */
function poolCte(groups: readonly string[], where: SQL = sql`true`): SQL {
  // The members are found from the groups (a few hundred), then each one's account by its key
  // (the lateral's `limit` keeps it a lookup per member): the planner guesses a group's members
  // from the average group (thousands: the researchers' group is one) and would otherwise read
  // every account to join them.
  return sql`pool as materialized (
      select u.id, u.first_name, u.last_name, u.email,
        ${personName(sql`u.first_name`, sql`u.last_name`, sql`u.email`)} as display_name, members.groups
      from (
        select ug.user_id, array_agg(distinct g.name order by g.name) as groups
        from groups g join user_groups ug on ug.group_id = g.id
        where g.name in (${texts(groups)})
        group by ug.user_id
      ) members
      cross join lateral (
        select u.id, u.first_name, u.last_name, u.email from users u
        where u.id = members.user_id and u.is_active and ${where}
        limit 1
      ) u
    )`;
}

/**
 * `conflicts`: per reviewer of `pool`, the facts of each likely conflict with request `requestId`
 * — a current affiliation shared with the applicant (their affiliations and the request's
 * institution) or with a current team member of the request's project; a research team shared
 * with the applicant; a conflict declared on one of the applicant's requests.
 */
function conflictCtes(request: SQL): SQL {
  return sql`req as (
      select r.id, r.owner_id, r.project_id, r.institution_id, lower(o.email) as owner_email
      from requests r join users o on o.id = r.owner_id
      where r.id = ${request}::integer
    ),
    applicant_institutions as (
      select ui.institution_id from user_institutions ui, req
      where ui.user_id = req.owner_id and ui.removal_reason is null
      union
      select institution_id from req where institution_id is not null
    ),
    member_institutions as (
      select distinct on (institution_id) institution_id, member_name
      from (
        select coalesce(ui.institution_id, m.institution_id) as institution_id,
          ${personName(sql`m.first_name`, sql`m.last_name`, sql`m.email`)} as member_name
        from req
        join research_team_members m on m.project_id = req.project_id and m.removal_date is null
        left join user_institutions ui on ui.user_id = m.user_id and ui.removal_reason is null
        where m.user_id is distinct from req.owner_id and lower(m.email) <> req.owner_email
      ) members
      where institution_id is not null
        and institution_id not in (select institution_id from applicant_institutions)
      order by institution_id, member_name
    ),
    applicant_projects as (
      select distinct m.project_id from research_team_members m, req
      where m.user_id = req.owner_id or lower(m.email) = req.owner_email
    ),
    conflicts as (
      select ui.user_id as reviewer_id, 1 as rank, 'institution' as kind, i.name as institution,
        null::text as member, null::text as project, null::text as request
      from user_institutions ui
      join applicant_institutions ai on ai.institution_id = ui.institution_id
      join institutions i on i.id = ui.institution_id
      where ui.user_id in (select id from pool) and ui.removal_reason is null
      union
      select ui.user_id, 2, 'institution', i.name, mi.member_name, null, null
      from user_institutions ui
      join member_institutions mi on mi.institution_id = ui.institution_id
      join institutions i on i.id = ui.institution_id
      where ui.user_id in (select id from pool) and ui.removal_reason is null
      union
      select m.user_id, 3, 'research_team', null, null, p.title, null
      from research_team_members m
      join applicant_projects ap on ap.project_id = m.project_id
      join projects p on p.id = m.project_id
      where m.user_id in (select id from pool)
      union
      select rc.user_id, 4, 'declared', null, null, null, r.portal_request_id
      from review_conflicts rc
      join requests r on r.id = rc.request_id
      where rc.user_id in (select id from pool) and rc.conflict_exists
        and r.owner_id = (select owner_id from req)
    ),
    conflicts_of as (
      select reviewer_id, json_agg(json_build_object('kind', kind, 'institution', institution,
          'member', member, 'project', project, 'request', request)
        order by rank, institution, member, project, request) as conflicts
      from conflicts group by reviewer_id
    )`;
}

/** One likely conflict as the database found it; the service words it. */
export interface ConflictFacts {
  kind: ConflictKind;
  institution: string | null;
  member: string | null;
  project: string | null;
  request: string | null;
}

interface LoadRow {
  open_reviews: number;
  due_soon: number;
  overdue: number;
  median_days_to_complete: number | null;
  completed_last_year: number;
}

/** A member of the reviewer pool with their load, as the suggestions rank them. */
export interface PoolRow extends LoadRow {
  id: number;
  display_name: string;
  email: string;
  /** The reviewer groups they are in, by name. */
  groups: string[];
  institution_id: number | null;
  institution_name: string | null;
  /** Their place when ranked by load alone: overdue, open, due soon, turnaround (unknown last), name. */
  load_rank: number;
}

const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/**
 * Every active member of `groups` with their load and primary institution, ranked by load: what
 * the suggestions of any request are drawn from, in one statement over the whole pool.
 */
export async function reviewerPool(
  db: DbOrTx,
  input: { groups: readonly string[]; clock: LoadClock; dueSoonDays: number },
): Promise<PoolRow[]> {
  const rows = await rowsOf<PoolRow>(
    db,
    sql`with ${poolCte(input.groups)},
    ${loadCtes(input.clock, input.dueSoonDays)}
    select pool.id, pool.display_name, pool.email, pool.groups, load.open_reviews, load.due_soon,
      load.overdue, load.median_days_to_complete, load.completed_last_year,
      inst.id as institution_id, inst.name as institution_name,
      row_number() over (order by load.overdue, load.open_reviews, load.due_soon,
        load.median_days_to_complete nulls last, lower(pool.display_name), pool.id)::int as load_rank
    from pool
    join load on load.reviewer_id = pool.id
    left join lateral (
      select i.id, i.name from user_institutions ui join institutions i on i.id = ui.institution_id
      where ui.user_id = pool.id and ui.removal_reason is null
      order by ui.primary desc, ui.id limit 1
    ) inst on true
    order by load_rank`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), load_rank: Number(row.load_rank) }));
}

/**
 * Of the reviewers `ids` (ranked by load: `ranks`), those request `requestId` may be given — not
 * its applicant, not already assigned — with their likely conflicts with it: no conflict first,
 * then by load, the first `limit`. One prepared statement: the only per-request work of a suggestion.
 */
export async function candidatesFor(
  db: DbOrTx,
  input: { requestId: number; ids: readonly number[]; ranks: readonly number[]; limit: number },
): Promise<{ id: number; conflicts: ConflictFacts[] | null }[]> {
  const request = sql`${sql.placeholder('request')}`;
  const rows = await prepared(db, 'reviewer_candidates', (name) =>
    db
      .select({
        id: sql<number>`candidate.id`,
        conflicts: sql<ConflictFacts[] | string | null>`candidate.conflicts`,
      })
      .from(
        sql`(with pool as (
            select p.id, p.load_rank
            from unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('ranks')}::int[]) as p(id, load_rank)
            where p.id is distinct from (select owner_id from requests where id = ${request}::integer)
              and not exists (select 1 from request_reviewers assigned
                where assigned.request_id = ${request}::integer and assigned.user_id = p.id)
          ),
          ${conflictCtes(request)}
          select pool.id, conflicts_of.conflicts
          from pool left join conflicts_of on conflicts_of.reviewer_id = pool.id
          order by conflicts_of.conflicts is not null, pool.load_rank
          limit ${sql.placeholder('limit')}::integer) candidate`,
      )
      .prepare(name),
  ).execute({ request: input.requestId, ids: [...input.ids], ranks: [...input.ranks], limit: input.limit });
  return rows.map((row) => ({ id: Number(row.id), conflicts: parsed(row.conflicts) }));
}

/** The likely conflicts of these users (reviewers or not) with request `requestId`, by user. */
export async function conflictsWith(
  db: DbOrTx,
  requestId: number,
  userIds: readonly number[],
): Promise<Map<number, ConflictFacts[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await rowsOf<{ reviewer_id: number; conflicts: ConflictFacts[] | string }>(
    db,
    sql`with pool as (select id from users where id in (${numbers(userIds)})),
    ${conflictCtes(sql`${requestId}`)}
    select reviewer_id, conflicts from conflicts_of`,
  );
  return new Map(rows.map((row) => [Number(row.reviewer_id), parsed(row.conflicts) ?? []]));
}

export interface WorkloadRow extends LoadRow {
  id: number;
  display_name: string;
  email: string;
  groups: string[];
}

/** The workload page: the pool's rows with `where`, `orderBy`, the page and the total count. */
export async function workloadPage(
  db: DbOrTx,
  input: {
    groups: readonly string[];
    clock: LoadClock;
    dueSoonDays: number;
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    offset: number;
    userId?: number;
  },
): Promise<{ count: number; rows: WorkloadRow[] }> {
  const rows = await rowsOf<WorkloadRow & { total: number }>(
    db,
    sql`with ${poolCte(input.groups, input.userId === undefined ? sql`true` : sql`u.id = ${input.userId}::integer`)},
    ${loadCtes(input.clock, input.dueSoonDays)}
    select w.*, count(*) over ()::int as total
    from (
      select pool.id, pool.display_name, pool.email, pool.groups, load.open_reviews, load.due_soon,
        load.overdue, load.median_days_to_complete, load.completed_last_year
      from pool join load on load.reviewer_id = pool.id
    ) w
    where ${input.where ?? sql`true`}
    order by ${sql.join(input.orderBy, sql`, `)}
    limit ${input.limit}::integer offset ${input.offset}::integer`,
  );
  return { count: Number(rows[0]?.total ?? 0), rows };
}

interface OpenReviewRow {
  request_id: number;
  display_name: string;
  type_id: number;
  reviewer_role: number | null;
  due_date: Date | string | null;
  due_day: string | null;
}

/** One reviewer's open reviews, soonest due first (the workload page's links). */
export async function openReviewsOf(
  db: DbOrTx,
  userId: number,
  groups: readonly string[],
  clock: LoadClock,
): Promise<OpenReviewRow[]> {
  return rowsOf<OpenReviewRow>(
    db,
    sql`with ${poolCte(groups, sql`u.id = ${userId}::integer`)},
    ${loadCtes(clock, 0)}
    select o.request_id, r.display_name, r.type_id, o.reviewer_role, o.due_date,
      to_char((o.due_date at time zone 'UTC')::date, 'YYYY-MM-DD') as due_day
    from open_items o join requests r on r.id = o.request_id
    order by o.due_date nulls last, o.request_id`,
  );
}

/** The request's type, or null when there is no such request. */
export async function requestType(db: DbOrTx, requestId: number): Promise<{ typeId: number } | null> {
  const [row] = await rowsOf<{ type_id: number }>(
    db,
    sql`select type_id from requests where id = ${requestId}::integer`,
  );
  return row ? { typeId: Number(row.type_id) } : null;
}

/** People's names as the staff panel shows them, by id. */
export async function namesOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, ${personName(sql`first_name`, sql`last_name`, sql`email`)} as name
      from users where id in (${numbers(userIds)})`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}
