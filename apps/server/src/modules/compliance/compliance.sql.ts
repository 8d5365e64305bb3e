import { eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { COMPLIANCE_RULE, INSTITUTION_APPROVED, RDA_FULLY_EXECUTED } from '@rrp/domain';
import { files, institutions } from '../../db/schema';

/**
 * The compliance rule of `@rrp/domain` (complianceState) in SQL, so the list filters, sorts and
 * counts by status in the database. Three derived tables, each computing one step:
 *   anchor and last review day -> the anniversary owed -> the status.
 * Dates are UTC calendar days, as in the domain rule.
 */
const qb = new QueryBuilder();
// Constants of the rule, written into the SQL as integers (date + integer is a date).
const reviewWindowDays = sql.raw(String(Math.trunc(COMPLIANCE_RULE.reviewWindowDays)));
const graceDays = sql.raw(String(Math.trunc(COMPLIANCE_RULE.graceDays)));

const executedOn = sql`${files.additionalData} ->> 'sf_signature_date'`;

/** The RDA's full execution day, else the day the institution was created. */
const anchor = sql<string>`coalesce(
  case when (${files.additionalData} ->> 'status') = ${String(RDA_FULLY_EXECUTED)}
    and ${executedOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(${executedOn}, 10)::date end,
  (${institutions.created} at time zone 'UTC')::date)`;

/** Institutions with a compliance obligation: the approved ones. */
const base = qb
  .select({
    id: institutions.id,
    name: sql<string>`${institutions.name}`.as('name'),
    officialName: sql<string>`${institutions.officialName}`.as('official_name'),
    associatedNames: sql<string>`array_to_string(${institutions.associatedNames}, ' ')`.as(
      'associated_names',
    ),
    currentIoId: sql<number | null>`${institutions.currentIoId}`.as('current_io_id'),
    adminAcknowledge: sql<boolean>`${institutions.adminAcknowledge}`.as('admin_acknowledge'),
    anchor: anchor.as('anchor'),
    lastReview: sql<string | null>`(${institutions.lastAnnualReviewAt} at time zone 'UTC')::date`.as(
      'last_review',
    ),
  })
  .from(institutions)
  .leftJoin(files, eq(files.id, institutions.currentRdaId))
  .where(eq(institutions.statusId, INSTITUTION_APPROVED))
  .as('compliance_base');

/** Whole years from `from` to `to` (dates): the largest n with from + n years <= to. */
function wholeYears(from: SQL, to: SQL): SQL {
  const years = sql`(extract(year from ${to})::int - extract(year from ${from})::int)`;
  return sql`(${years} - case when (${from} + make_interval(years => ${years}))::date > ${to} then 1 else 0 end)`;
}

const owed = sql`case when ${base.lastReview} is null then 1
  else greatest(1, ${wholeYears(sql`${base.anchor}`, sql`(${base.lastReview} + ${reviewWindowDays})`)} + 1) end`;

const dated = qb
  .select({
    id: base.id,
    name: base.name,
    officialName: base.officialName,
    associatedNames: base.associatedNames,
    currentIoId: base.currentIoId,
    adminAcknowledge: base.adminAcknowledge,
    lastReview: base.lastReview,
    anniversary: sql<string>`(${base.anchor} + make_interval(years => ${owed}))::date`.as('anniversary'),
  })
  .from(base)
  .as('compliance_dated');

const today = sql`(now() at time zone 'UTC')::date`;

/** One row per approved institution with its compliance status and the anniversary it is about. */
export const compliance = qb
  .select({
    id: dated.id,
    name: dated.name,
    officialName: dated.officialName,
    associatedNames: dated.associatedNames,
    currentIoId: dated.currentIoId,
    adminAcknowledge: dated.adminAcknowledge,
    lastReview: dated.lastReview,
    anniversary: dated.anniversary,
    status: sql<number>`case
      when ${dated.anniversary} - ${reviewWindowDays} > ${today} then 1
      when ${today} > ${dated.anniversary} + ${graceDays} then 3
      else 2 end`.as('compliance_status'),
  })
  .from(dated)
  .as('compliance');
