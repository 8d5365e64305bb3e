import { sql, type SQL } from 'drizzle-orm';
import {
  REQUEST_STATUSES,
  RESEARCH_MATCH_CRITERIA,
  RESEARCH_MATCH_TYPES,
  reviewerRoleName,
  reviewProgress,
  WORKFLOW_STATUS,
} from '@rrp/domain';
import { isoTimestamp, jsonArray, jsonObject } from '../../platform/db/json-sql';
import { constantCases, type Fact } from '../../platform/db/permission-cases';
import { personName } from '../../platform/db/json-sql-parts';

/*
 * The parts of the request read model's statement (request-page.repo.ts) that write a request's
 * relations: its reviewers and the caller's own review, its BINS orders, datasets and project.
 */

export const caller = sql.placeholder('callerId');
export const R_IN = (ids: readonly number[]) => sql.raw(ids.join(', '));
export const researchMatch = sql`requests.type_id in (${R_IN(RESEARCH_MATCH_TYPES)})`;
export const STATUS_FACT: Fact<number> = {
  sql: sql`requests.status_id`,
  values: Object.keys(REQUEST_STATUSES).map(Number),
};

/** A domain `{ id: name }` table read by id; '' for an id it does not name, as the presenter did. */
export const nameIn = (table: Record<number, string>, id: SQL) =>
  sql`(case ${id} ${sql.join(
    Object.entries(table).map(([key, name]) =>
      sql.raw(`when ${Number(key)} then '${name.replaceAll("'", "''")}'`),
    ),
    sql` `,
  )} else '' end)`;

/** "First Last", else the e-mail, else '' (the presenter's `fullName`). */
export const fullName = (alias: string, withEmail = true) =>
  personName(
    sql.raw(`${alias}.first_name`),
    sql.raw(`${alias}.last_name`),
    withEmail ? sql.raw(`${alias}.email`) : undefined,
  );

/** A reviewer's progress on an application: the domain's `reviewProgress`, tabled over its inputs. */
const progress = constantCases(
  {
    status: STATUS_FACT,
    reviewed: { sql: sql`rv.id is not null`, values: [false, true] },
    scored: {
      sql: sql.raw(
        `num_nonnulls(${RESEARCH_MATCH_CRITERIA.map((criterion) => `rv.${criterion}_score`).join(', ')})`,
      ),
      values: Array.from({ length: RESEARCH_MATCH_CRITERIA.length + 1 }, (_, count) => count),
    },
    recommended: { sql: sql`rv.reviewer_decision is not null`, values: [false, true] },
    anythingElse: {
      sql: sql.raw(
        `coalesce(${RESEARCH_MATCH_CRITERIA.flatMap((criterion) => [`rv.${criterion}_strengths <> ''`, `rv.${criterion}_weaknesses <> ''`]).join(' or ')} or rv.build_merit is not null, false)`,
      ),
      values: [false, true],
    },
  },
  ({ status, reviewed, scored, recommended, anythingElse }) =>
    reviewProgress(
      status,
      reviewed
        ? {
            scores: RESEARCH_MATCH_CRITERIA.map((_, at) => (at < scored ? 1 : null)),
            recommended,
            anythingElse,
          }
        : null,
    ),
);

const roleName = constantCases({ role: { sql: sql`rr.reviewer_role`, values: [1, 2, 3] } }, ({ role }) =>
  reviewerRoleName(role),
);

/**
 * A relation of the page's requests read once for the whole page, not once per row: `rows` selects
 * `request_id` and `value` for the requests of the `ids` parameter (grouped, one row per request),
 * left-joined to the page's `requests` as `alias`. `value` is SQL null for a request without rows.
 */
export interface PageRelation {
  join: SQL;
  value: SQL;
}

export function pageRelation(alias: string, rows: SQL): PageRelation {
  const name = sql.raw(alias);
  return {
    join: sql`left join (${rows}) ${name} on ${name}.request_id = requests.id`,
    value: sql`${name}.value`,
  };
}

/** `column = any($ids)`: a relation's rows of the page's requests. */
export const ofPage = (column: string) => sql`${sql.raw(column)} = any(${sql.placeholder('ids')}::int[])`;

/**
 * A request's reviewers with their conflict and their review of the current cycle (`rv`); the
 * request itself is `requests`, as in the page's statement.
 */
const REVIEWER_ROWS = sql`request_reviewers rr
  join requests on requests.id = rr.request_id
  join users ru on ru.id = rr.user_id
  left join review_conflicts rc on rc.request_id = rr.request_id and rc.user_id = rr.user_id
  left join request_summaries rsum on rsum.request_id = rr.request_id
  left join reviews rv on rv.request_id = rr.request_id and rv.reviewer_id = rr.user_id and rv.cycle = rsum.review_cycle`;
const REVIEWER_ORDER = sql`coalesce(rr.reviewer_role, 9), ru.last_name, ru.first_name, ru.id`;

const reviewUsersRelation = pageRelation(
  'review_users',
  sql`select rr.request_id, ${jsonArray(
    sql`case when ${researchMatch} then ${jsonObject({
      id: sql`rr.user_id`,
      display_name: fullName('ru'),
      email: sql`ru.email`,
      assigned: isoTimestamp(sql`rr.created`),
      reviewer_role: sql`rr.reviewer_role`,
      reviewer_role_name: roleName,
      conflict_exists: sql`rc.conflict_exists`,
      progress,
    })} else ${jsonObject({
      id: sql`rr.user_id`,
      display_name: fullName('ru'),
      email: sql`ru.email`,
      assigned: isoTimestamp(sql`rr.created`),
    })} end`,
    REVIEWER_ORDER,
  )} as value from ${REVIEWER_ROWS} where ${ofPage('rr.request_id')} group by rr.request_id`,
);
/** `review_users`: a request's reviewers ([] when none). */
export const reviewUsers: PageRelation = {
  join: reviewUsersRelation.join,
  value: sql`coalesce(${reviewUsersRelation.value}, '[]'::json)`,
};

/**
 * The caller's own assignment on the page's requests (`callerReview.value` null when they have
 * none); written as `my_review` on a Research Match application only, and the `reviewer` fact on any.
 */
export const callerReview = pageRelation(
  'caller_review',
  sql`select distinct on (rr.request_id) rr.request_id, ${jsonObject({
    reviewer_role: sql`rr.reviewer_role`,
    reviewer_role_name: roleName,
    conflict_exists: sql`rc.conflict_exists`,
    conflict_id: sql`rc.id`,
    review_id: sql`rv.id`,
    progress,
    can_score: sql`(requests.status_id = ${sql.raw(String(WORKFLOW_STATUS.underReview))} and rc.conflict_exists is not distinct from false)`,
  })} as value from ${REVIEWER_ROWS} where ${ofPage('rr.request_id')} and rr.user_id = ${caller}
    order by rr.request_id, ${REVIEWER_ORDER}`,
);
export const myReview = sql`case when ${researchMatch} then ${callerReview.value} end`;

/** Orders sent to BINS, newest first, as the tissue module presents them (`presentOrder`). */
const binsRelation = pageRelation(
  'bins',
  sql`select ao.request_id, ${jsonArray(
    jsonObject({
      id: sql`ao.id`,
      request_id: sql`ao.request_id`,
      request_type: sql`'Tissue'::text`,
      orderId: sql`ao.bins_order_id`,
      ...Object.fromEntries(
        [
          'name',
          'email',
          'address_line_1',
          'address_line_2',
          'city',
          'state',
          'postal_code',
          'country',
          'phone_numbers',
          'donors',
        ].map((key) => [key, sql.raw(`ao."order" -> '${key}'`)]),
      ),
      cases: sql`ao.cases`,
      created_date: isoTimestamp(sql`ao.created`),
      modified_date: isoTimestamp(sql`ao.modified`),
      created_by: sql`case when ou.id is not null then ${jsonObject({
        id: sql`ou.id`,
        display_name: sql`btrim(ou.first_name || ' ' || ou.last_name)`,
      })} end`,
    }),
    sql`ao.created desc, ao.id desc`,
  )} as value from abn_orders ao left join users ou on ou.id = ao.creator_id
    where ${ofPage('ao.request_id')} group by ao.request_id`,
);
export const binsData: PageRelation = {
  join: binsRelation.join,
  value: sql`coalesce(${binsRelation.value}, '[]'::json)`,
};

/** The channels a dataset offers (the presenter's `accessTypesOf`, as the catalogue shows them). */
const accessTypes = sql`to_json(array_remove(array[
  case when d.globus_group_id is not null or jsonb_array_length(d.globus_locations) > 0 then 'Globus' end,
  case when coalesce(d.data_access, '') <> '' then 'AWS' end,
  case when d.gpf_accessible then 'GPF' end], null))`;

/** A request's datasets, by name ([] when none): their ids, or each dataset when `expanded`. */
export function datasetsOf(expanded: boolean): PageRelation {
  const item = expanded
    ? jsonObject({
        id: sql`d.id`,
        dataset_id: sql`d.dataset_id`,
        name: sql`d.name`,
        version: sql`d.version`,
        type: sql`d.type_id`,
        cohort: sql`case when dc.name <> '' then json_build_object('id', d.cohort_id, 'name', dc.name) end`,
        accession_id: sql`d.accession_id`,
        access_types: accessTypes,
      })
    : sql`d.id`;
  const relation = pageRelation(
    'request_datasets_of',
    sql`select rd.request_id, ${jsonArray(item, sql`d.name, d.id`)} as value from request_datasets rd
      join datasets d on d.id = rd.dataset_id left join cohorts dc on dc.id = d.cohort_id
      where ${ofPage('rd.request_id')} group by rd.request_id`,
  );
  return { join: relation.join, value: sql`coalesce(${relation.value}, '[]'::json)` };
}

/** A text field of the IRB record's answers, or null (the presenter's `text`). */
const irbText = (key: string) =>
  sql.raw(
    `case when jsonb_typeof(irb.additional_data -> '${key}') = 'string' then nullif(irb.additional_data ->> '${key}', '') end`,
  );

/** The project's IRB record as `presentIrb` writes it; designation is 1 or 2 as `Number()` reads it, else null. */
const latestIrb = sql`case when irb.id is not null then ${jsonObject({
  id: sql`irb.id`,
  name: sql`irb.name`,
  designation: sql`(select case when n in (1, 2) then n::int end from (select case jsonb_typeof(irb.additional_data -> 'designation')
      when 'number' then (irb.additional_data ->> 'designation')::numeric
      when 'boolean' then (irb.additional_data ->> 'designation')::boolean::int
      when 'string' then case when btrim(irb.additional_data ->> 'designation') ~ '^[0-9]+(\.[0-9]*)?$' then btrim(irb.additional_data ->> 'designation')::numeric end
    end as n) designation)`,
  approval_date: irbText('approval_date'),
  renewal_date: irbText('renewal_date'),
  assurance_number: irbText('assurance_number'),
  created: isoTimestamp(sql`irb.created`),
})} end`;

export function projectOf(expanded: boolean): SQL {
  if (!expanded) return sql`p.id`;
  return jsonObject({
    id: sql`p.id`,
    title: sql`p.title`,
    abstract: sql`p.abstract`,
    portal_project_id: sql`p.portal_project_id`,
    non_autism_research: sql`p.non_autism_research`,
    latest_irb: latestIrb,
  });
}
