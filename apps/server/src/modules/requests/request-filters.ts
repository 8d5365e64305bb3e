import { sql, type SQL } from 'drizzle-orm';
import {
  canonicalId,
  parseQuarter,
  quarterRange,
  REQUEST_STAFF_MESSAGES,
  WORKFLOW_STATUS,
} from '@rrp/domain';
import { ownValue, type FilterDef, type Lookup } from '../../platform/list';
import { requests } from '../../db/schema';
import { R } from './requests.repo';

/**
 * The request list's staff filters (staff §7 GET request, §9; decision 082): each is one SQL
 * condition on indexed columns, so paging and counts stay in the database.
 */

/** A condition on one of the request's assigned reviewers (request_reviewers, indexed by user). */
export const throughReviewers = (condition: SQL) =>
  sql`exists (select 1 from request_reviewers where request_reviewers.request_id = ${R.id} and ${condition})`;

const BOOLS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };
function parseBool(raw: string): boolean {
  const value = ownValue(BOOLS, raw.trim().toLowerCase());
  if (value === undefined) throw new Error('Enter true or false.');
  return value;
}

function values(lookup: Lookup, raw: string): string[] {
  const parts = lookup === 'in' ? raw.split(',') : [raw];
  return parts.map((part) => part.trim()).filter(Boolean);
}

const submission = sql.raw('"requests"."submission_date"');

/** `review_quarter=2024-Q3` (or `__in`): submitted within the quarter, as a range on the indexed date. */
export const reviewQuarterFilter: FilterDef = {
  type: 'text',
  column: requests.submissionDate,
  lookups: ['exact', 'in'],
  build(lookup, raw) {
    const quarters = values(lookup, raw).map((key) => {
      const quarter = parseQuarter(key);
      if (!quarter) throw new Error(REQUEST_STAFF_MESSAGES.reviewQuarter);
      return quarterRange(quarter);
    });
    if (quarters.length === 0) throw new Error(REQUEST_STAFF_MESSAGES.reviewQuarter);
    const ranges = quarters.map(
      ({ start, end }) =>
        sql`(${submission} >= ${start.toISOString()}::timestamptz and ${submission} < ${end.toISOString()}::timestamptz)`,
    );
    return sql`(${sql.join(ranges, sql` or `)})`;
  },
};

/** `assigned=true|false`: whether any reviewer is assigned (the command centre's assign filter). */
export const assignedFilter: FilterDef = {
  type: 'bool',
  column: requests.id,
  lookups: ['exact'],
  build(_lookup, raw) {
    const exists = throughReviewers(sql`true`);
    return parseBool(raw) ? exists : sql`not ${exists}`;
  },
};

/** The months before expiry in which a fulfilled request needs its resource-impact form (staff §4.4). */
const COMPLIANCE_WINDOW_MONTHS = 6;

/**
 * `compliance_needed=true`: Fulfilled requests (compliance requests use status 7, staff §9) whose
 * access expires within the dashboard's 6 months or has expired; `false` is every other request.
 */
export const complianceNeededFilter: FilterDef = {
  type: 'bool',
  column: requests.expirationDate,
  lookups: ['exact'],
  build(_lookup, raw) {
    const needed = sql`(${requests.statusId} = ${WORKFLOW_STATUS.fulfilled} and ${requests.expirationDate} is not null and ${requests.expirationDate} < now() + make_interval(months => ${COMPLIANCE_WINDOW_MONTHS}))`;
    return parseBool(raw) ? needed : sql`not ${needed}`;
  },
};

/** Request kinds by type id (staff §1): the combobox `grouping` parameter (foundation §5). */
const REQUEST_GROUPINGS: Record<string, readonly number[]> = {
  dataset: [1],
  biospecimen: [2],
  funding: [3],
  recontacting: [4, 5],
  tissue: [6, 7, 8],
};

export const groupingFilter: FilterDef = {
  type: 'text',
  column: requests.typeId,
  lookups: ['exact', 'in'],
  build(lookup, raw) {
    const types = values(lookup, raw).flatMap((name) => {
      const ids = ownValue(REQUEST_GROUPINGS, name.toLowerCase());
      if (!ids) throw new Error(`Choose one of: ${Object.keys(REQUEST_GROUPINGS).join(', ')}.`);
      return ids;
    });
    if (types.length === 0) return sql`false`;
    return sql`${requests.typeId} in (${sql.join(
      types.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  },
};

export const recontactingCohortFilter: FilterDef = {
  type: 'int',
  column: requests.cohortIds,
  lookups: ['exact', 'in'],
  build(lookup, raw) {
    const ids = values(lookup, raw).map((part) => {
      const id = canonicalId(part);
      if (id === undefined) throw new Error('Enter a whole number.');
      return id;
    });
    if (ids.length === 0) return sql`false`;
    return sql`(${requests.typeId} in (4, 5) and ${R.cohortIds} && ${`{${ids.join(',')}}`}::integer[])`;
  },
};

/** A condition on the Research Match application's summary (one row per application, by request id). */
export const throughSummary = (condition: SQL) =>
  sql`exists (select 1 from request_summaries rs where rs.request_id = ${R.id} and ${condition})`;

/**
 * A multiple-choice answer of the summary (keywords, category, methods): `name=x` holds x,
 * `name__in=x,y` holds any of them — through the column's GIN index (decision 158).
 */
export function summaryChoiceFilter(column: string): FilterDef {
  return {
    type: 'text',
    column: requests.id,
    lookups: ['exact', 'in'],
    build(lookup, raw) {
      const wanted = values(lookup, raw);
      if (wanted.length === 0) return sql`false`;
      if (wanted.some((value) => value.length > 200))
        throw new Error('Ensure each value has no more than 200 characters.');
      const array = sql`array[${sql.join(
        wanted.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
      return throughSummary(sql`${sql.raw(`rs.${column}`)} ${lookup === 'in' ? sql`&&` : sql`@>`} ${array}`);
    },
  };
}
