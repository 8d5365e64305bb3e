import { sql, type SQL } from 'drizzle-orm';
import { AGEING_THRESHOLD_DAYS, OPEN_ITEM_STATUSES, REQUEST_STATUSES } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { completedReviewDays } from '../../platform/research-match-reviews';

/**
 * The turnaround metrics in SQL (decision 270): durations come from the requests' status stays and
 * milestones (`request_status_stays`, `request_milestones`, derived from the history), the Research Match reviews and the RDA
 * files' history; PostgreSQL computes the percentiles (`percentile_cont`), so no case is loaded
 * into the server.
 */

/** The half-open range of instants a period of days covers, and the request type asked for. */
export interface Scope {
  start: Date;
  end: Date;
  typeId: number | null;
}

/** Cases and their median and 90th percentile, in days. */
export interface Durations {
  count: number;
  median: number | null;
  p90: number | null;
}

/** A list of the workflow's status ids, written into the statement (they are constants, not input). */
const ids = (values: readonly number[]) => sql.raw(values.map((value) => Number(value)).join(', '));

/** The count and the median and 90th percentile of a `days` column, from one sort of it. */
const STATS = sql.raw(`count(*)::int as count,
  percentile_cont(array[0.5, 0.9]::float8[]) within group (order by days) as percentiles`);

/** Seconds between two instants, as days. */
const days = (later: SQL, earlier: SQL) => sql`extract(epoch from ${later} - ${earlier})::float8 / 86400`;

/** A row of STATS as `Durations` (no cases: null percentiles). */
interface StatsRow {
  count: number;
  percentiles: (number | string)[] | null;
}
const durations = (row: StatsRow | undefined): Durations => {
  const [median, p90] = row?.percentiles ?? [null, null];
  return {
    count: Number(row?.count ?? 0),
    median: median === null || median === undefined ? null : Number(median),
    p90: p90 === null || p90 === undefined ? null : Number(p90),
  };
};

/** An instant as a statement parameter (the same on PGlite and node-postgres). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** ` and <column> = <type>` when the scope names a request type. */
const typeIs = (column: SQL, typeId: number | null) =>
  typeId === null ? sql`` : sql` and ${column} = ${typeId}::integer`;

/** Every status: naming them all lets the index hand the stays over in status order. */
const ALL_STATUSES = Object.keys(REQUEST_STATUSES).map(Number);

/** Per status, the stays that ended in the period: how long requests stayed there before moving on. */
export async function timeInStatus(db: DbOrTx, scope: Scope): Promise<(Durations & { statusId: number })[]> {
  const rows = await rowsOf<StatsRow & { status_id: number }>(
    db,
    sql`select status_id, ${STATS}
      from (
        select status_id, ${days(sql`left_at`, sql`entered_at`)} as days
        from request_status_stays
        where status_id in (${ids(ALL_STATUSES)})
          and left_at >= ${at(scope.start)} and left_at < ${at(scope.end)}${typeIs(sql`type_id`, scope.typeId)}
      ) stays
      group by status_id
      order by status_id`,
  );
  return rows.map((row) => ({ statusId: Number(row.status_id), ...durations(row) }));
}

/**
 * From one milestone of the requests to a later one, for requests that reached the later one in
 * the period (`request_milestones`: the first entry into each kind of status).
 */
async function betweenMilestones(
  db: DbOrTx,
  scope: Scope,
  from: 'submitted_at' | 'approved_at',
  to: 'decided_at' | 'fulfilled_at',
): Promise<Durations> {
  const [start, end] = [sql.raw(from), sql.raw(to)];
  const [row] = await rowsOf<StatsRow>(
    db,
    sql`select ${STATS}
      from (
        select ${days(end, start)} as days
        from request_milestones
        where ${end} >= ${at(scope.start)} and ${end} < ${at(scope.end)}${typeIs(sql`type_id`, scope.typeId)}
          and ${start} <= ${end}
      ) cases`,
  );
  return durations(row);
}

/** First submission to first decision (the workflow's decision statuses), for first decisions in the period. */
export const submissionToDecision = (db: DbOrTx, scope: Scope) =>
  betweenMilestones(db, scope, 'submitted_at', 'decided_at');

/** First approval (Approved or Approved (Pending Team)) to fulfilment, for first fulfilments in the period. */
export const approvalToFulfilment = (db: DbOrTx, scope: Scope) =>
  betweenMilestones(db, scope, 'approved_at', 'fulfilled_at');

export interface ReviewerDurations extends Durations {
  reviewerId: number;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Per reviewer, Research Match reviews completed in the period: from the assignment — or the
 * start of the review, when the reviewer was assigned before it — to the review's last save
 * (scoring closes when the application leaves Under Review, so that save is when it was done).
 */
export async function reviewerTimes(db: DbOrTx, scope: Scope): Promise<ReviewerDurations[]> {
  const rows = await rowsOf<
    StatsRow & {
      reviewer_id: number;
      first_name: string;
      last_name: string;
      email: string;
    }
  >(
    db,
    sql`select per_reviewer.*, u.first_name, u.last_name, u.email
      from (
        select cases.reviewer_id, ${STATS}
        from (
          ${completedReviewDays(
            sql`review.modified >= ${at(scope.start)} and review.modified < ${at(scope.end)}${
              scope.typeId === null
                ? sql``
                : sql` and exists (select 1 from requests request where request.id = review.request_id and request.type_id = ${scope.typeId}::integer)`
            }`,
          )}
        ) cases
        group by cases.reviewer_id
      ) per_reviewer
      join users u on u.id = per_reviewer.reviewer_id
      order by per_reviewer.percentiles[1] desc, per_reviewer.reviewer_id`,
  );
  return rows.map((row) => ({
    reviewerId: Number(row.reviewer_id),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    ...durations(row),
  }));
}

export interface InstitutionDurations extends Durations {
  institutionId: number;
  name: string;
}

const RDA_VERSION = sql.raw(`model = 'file' and data ->> 'type' = 'rda'`);
const FULLY_EXECUTED = sql.raw(`data -> 'additionalData' ->> 'status' = '3'`);

/**
 * RDAs fully executed for the first time in the period, from the RDA's history: from when it was
 * made (sent to the signing official, Signature Needed) to its first version that is Fully
 * Executed. Overall, and per institution, slowest first.
 */
export async function rdaTimes(
  db: DbOrTx,
  scope: Pick<Scope, 'start' | 'end'>,
): Promise<{ overall: Durations; institutions: InstitutionDurations[] }> {
  const rows = await rowsOf<StatsRow & { institution_id: number | null; name: string | null }>(
    db,
    sql`select * from (
      select file.institution_id, institution.name, ${STATS}
      from (
        select executed.object_id, ${days(sql`executed.executed_at`, sql`versions.sent_at`)} as days
        from (
          select object_id, min(modified) as executed_at
          from history
          where ${RDA_VERSION} and modified >= ${at(scope.start)} and modified < ${at(scope.end)} and ${FULLY_EXECUTED}
          group by object_id
        ) executed
        cross join lateral (
          select min(modified) as sent_at,
                 min(modified) filter (where ${FULLY_EXECUTED}) as first_executed_at
          from history
          where model = 'file' and object_id = executed.object_id
        ) versions
        where versions.first_executed_at = executed.executed_at
      ) cases
      join files file on file.id = cases.object_id::integer
      join institutions institution on institution.id = file.institution_id
      group by grouping sets ((file.institution_id, institution.name), ())
      ) per_institution
      order by percentiles[1] desc, institution_id`,
  );
  const overall = rows.find((row) => row.institution_id === null);
  return {
    overall: durations(overall),
    institutions: rows
      .filter((row) => row.institution_id !== null)
      .map((row) => ({ institutionId: Number(row.institution_id), name: row.name ?? '', ...durations(row) })),
  };
}

export interface Ageing {
  statusId: number;
  open: number;
  over: Record<(typeof AGEING_THRESHOLD_DAYS)[number], number>;
}

/** Open items now, per status: how many, and how many have been in that status longer than each threshold. */
export async function ageing(db: DbOrTx, scope: Pick<Scope, 'typeId'>): Promise<Ageing[]> {
  const over = AGEING_THRESHOLD_DAYS.map(
    (threshold) =>
      sql`count(*) filter (where entered_at < now() - ${sql.raw(`interval '${threshold} days'`)})::int as ${sql.raw(`over_${threshold}`)}`,
  );
  const rows = await rowsOf<Record<string, number>>(
    db,
    sql`select status_id, count(*)::int as open, ${sql.join(over, sql`, `)}
      from request_status_stays
      where left_at is null and status_id in (${ids(OPEN_ITEM_STATUSES)})${typeIs(sql`type_id`, scope.typeId)}
      group by status_id`,
  );
  return rows.map((row) => ({
    statusId: Number(row.status_id),
    open: Number(row.open),
    over: Object.fromEntries(
      AGEING_THRESHOLD_DAYS.map((threshold) => [threshold, Number(row[`over_${threshold}`] ?? 0)]),
    ) as Ageing['over'],
  }));
}
