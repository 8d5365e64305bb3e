import { sql, type SQL } from 'drizzle-orm';
import { CART_REQUEST_TYPES, REQUEST_STATUSES, REQUEST_TYPE, REQUEST_TYPES } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { isoTimestamp, jsonArray, jsonObject } from '../../platform/db/json-sql';
import { permissionCases, type Fact } from '../../platform/db/permission-cases';
import {
  binsData,
  caller,
  callerReview,
  datasetsOf,
  fullName,
  myReview,
  nameIn,
  ofPage,
  projectOf,
  R_IN,
  researchMatch,
  reviewUsers,
  STATUS_FACT,
  pageRelation,
  type PageRelation,
} from './request-page-parts.repo';
import { prepared } from '../../platform/db/prepared';
import { versionSql, type VersionSource } from '../../platform/http/object-versions';
import { pageOfIds, pageOrder } from '../../platform/db/json-sql-parts';
import { teamFactsJson, type TeamFactRow } from './pending-team.repo';
import { flags, isProjectMemberSql } from './requests.repo';

/*
 * The request read model (issue 32): GET request/ and GET request/{id}/ written as JSON by one
 * prepared statement per page, in the spec's field names and in the order of `requestSchema`.
 * Each row comes back as two texts around `expected_decision`, which Node fills in with the
 * domain's `expectedDecision` (no domain rule is re-stated here), beside the facts the caller's
 * checks read. What depends on the caller and the row (permissions, whether it
 * is editable, whether its summary and orders are readable) is the domain's answer picked from a
 * table by the row's facts (`platform/db/permission-cases.ts`); the tables are the parameters.
 */

/** Which of the answer's keys the statement writes: `?expand=` and the caller's own grants. */
export interface RequestPageShape {
  project: boolean;
  datasets: boolean;
  summary: boolean;
  /** `review_users`: the caller may list a request's reviewers. */
  reviewers: boolean;
  /** `zendesk_ticket_ids`: the caller may read support tickets. */
  zendesk: boolean;
  /** Each row's version too (`versionSql`): the detail's ETag, read with it. */
  version: boolean;
  /** Each row's project's team facts too: a decider's detail offers the decisions they allow. */
  team: boolean;
}

/** A request's version (its ETag): GET request/{id}/ reads it in the statement that reads the request. */
export const requestVersion: VersionSource = { table: 'requests', history: 'request', readWithAnswer: true };

/** The facts about the caller the per-row answers read (see `subjectOfView`). */
export interface CallerFacts extends Record<string, boolean> {
  owner: boolean;
  member: boolean;
  reviewer: boolean;
}

/** The row's facts, as the lateral `facts` computes them. */
const CALLER_FACTS: { [K in keyof CallerFacts]: Fact<boolean> } = {
  owner: { sql: sql`facts.owner`, values: [false, true] },
  member: { sql: sql`facts.member`, values: [false, true] },
  reviewer: { sql: sql`facts.reviewer`, values: [false, true] },
};

/**
 * The answers that depend on the caller and the row: the statement's parameters of the same
 * names, each the caller's answers for every combination of the row's facts.
 */
export const CALLER_CASES = {
  /** `permissions`: permissionsFor(actor, 'Request', subject). */
  permissions: permissionCases('permissions', CALLER_FACTS),
  /** `is_editable`: isEditableBy, which also reads the status. */
  editable: permissionCases('editable', { ...CALLER_FACTS, status: STATUS_FACT }),
  /** Whether `summary` is shown (RequestSummary read). */
  summaryReadable: permissionCases('summaryReadable', CALLER_FACTS),
  /** Whether `bins_data` is shown (TissueOrder read). */
  ordersReadable: permissionCases('ordersReadable', CALLER_FACTS),
};
/** `, "key" : value` when the value is not SQL null; nothing otherwise (an absent key). */
const optionalMember = (key: string, value: SQL) =>
  sql`coalesce(${sql.raw(`', "${key}" : '`)} || (${value})::text, '')`;
const summary = sql`case when rs.request_id is not null and (${CALLER_CASES.summaryReadable.sql})::boolean then ${jsonObject(
  {
    scientific_title: sql`rs.scientific_title`,
    scientific_abstract: sql`rs.scientific_abstract`,
    review_quarter: sql`rs.review_quarter`,
    review_cycle: sql`rs.review_cycle`,
    due_date: isoTimestamp(sql`rs.due_date`),
    keywords: sql`to_json(rs.keywords)`,
    category: sql`to_json(rs.category)`,
    study_type: sql`to_json(rs.study_type)`,
    region: sql`rs.region`,
  },
)} end`;
/** A biospecimen request's samples, `{sample id: amount}`. */
const samples = pageRelation(
  'samples',
  sql`select rsa.request_id, jsonb_object_agg(rsa.sample_id, rsa.amount) as value from request_samples rsa
    where ${ofPage('rsa.request_id')} group by rsa.request_id`,
);
const accessControlList = pageRelation(
  'access_control_list',
  sql`select m.request_id, ${jsonArray(
    jsonObject({
      user_id: sql`m.user_id`,
      display_name: fullName('mu'),
      email: sql`mu.email`,
      removal_date: isoTimestamp(sql`m.removal_date`),
      verified: sql`m.verified`,
    }),
    sql`mu.last_name, mu.id`,
  )} as value from request_members m join users mu on mu.id = m.user_id
    where ${ofPage('m.request_id')} group by m.request_id`,
);
const latestRenewal = pageRelation(
  'latest_renewal',
  sql`select distinct on (rn.request_id) rn.request_id, ${jsonObject({
    id: sql`rn.id`,
    status: sql`rn.status_id`,
    status_name: nameIn(REQUEST_STATUSES, sql`rn.status_id`),
    submission_date: isoTimestamp(sql`rn.submission_date`),
  })} as value from request_renewals rn where ${ofPage('rn.request_id')}
    order by rn.request_id, rn.created desc, rn.id desc`,
);
const additionalData = sql`(requests.additional_data
  || case when requests.type_id = ${sql.raw(String(REQUEST_TYPE.biospecimen))} then jsonb_build_object(
    'samples', coalesce(${samples.value}, '{}'::jsonb),
    'sample_type', requests.sample_type_id) else '{}'::jsonb end
  || case when requests.type_id in (${R_IN(CART_REQUEST_TYPES)}) then jsonb_build_object(
    'cart', ac.id) else '{}'::jsonb end)`;

/**
 * The row's JSON up to `"expected_decision" : ` (head) and after its value (tail), and the page's
 * relations they read (each joined once for the page).
 */
function rowTexts(shape: RequestPageShape): { head: SQL; tail: SQL; relations: SQL } {
  const datasets = datasetsOf(shape.datasets);
  const relations: PageRelation[] = [
    callerReview,
    accessControlList,
    latestRenewal,
    datasets,
    samples,
    binsData,
  ];
  if (shape.reviewers) relations.push(reviewUsers);
  const first = jsonObject({
    id: sql`requests.id`,
    portal_request_id: sql`requests.portal_request_id`,
    display_name: sql`requests.display_name`,
    type: sql`requests.type_id`,
    type_name: nameIn(REQUEST_TYPES, sql`requests.type_id`),
    status: sql`requests.status_id`,
    status_name: nameIn(REQUEST_STATUSES, sql`requests.status_id`),
    project: projectOf(shape.project),
    owner: jsonObject({ id: sql`o.id`, display_name: fullName('o') }),
    creator: sql`case when cr.id is not null then ${jsonObject({ id: sql`cr.id`, display_name: fullName('cr', false) })} end`,
    institution: sql`case when i.id is not null then json_build_object('id', i.id, 'name', i.name) end`,
    cohorts: sql`(select ${jsonArray(sql`json_build_object('id', c.id, 'name', c.name)`, sql`u.ord`)}
      from unnest(requests.cohort_ids) with ordinality u(id, ord) join cohorts c on c.id = u.id where c.name <> '')`,
    submission_date: isoTimestamp(sql`requests.submission_date`),
    decision_date: isoTimestamp(sql`requests.decision_date`),
    expiration_date: isoTimestamp(sql`requests.expiration_date`),
    revocation_date: isoTimestamp(sql`requests.revocation_date`),
    reviewers_locked: sql`requests.reviewers_locked`,
  });
  const optional: SQL[] = [];
  if (shape.reviewers) optional.push(optionalMember('review_users', reviewUsers.value));
  if (shape.summary)
    optional.push(
      sql`case when ${researchMatch} then ', "summary" : ' || coalesce((${summary})::text, 'null') else '' end`,
    );
  optional.push(optionalMember('my_review', myReview));
  optional.push(
    optionalMember(
      'bins_data',
      sql`case when requests.type_id in (${R_IN(CART_REQUEST_TYPES)}) and (${CALLER_CASES.ordersReadable.sql})::boolean then ${binsData.value} end`,
    ),
  );
  if (shape.zendesk)
    optional.push(optionalMember('zendesk_ticket_ids', sql`to_json(requests.zendesk_ticket_ids)`));
  const head = sql`left((${first})::text, -1) || ${sql.join(optional, sql` || `)}
    || ', "access_control_list" : ' || coalesce(${accessControlList.value}, '[]'::json)::text || ', "expected_decision" : '`;
  const rest = jsonObject({
    latest_renewal: latestRenewal.value,
    datasets: datasets.value,
    sample_type: sql`case when st.id is not null then json_build_object('id', st.id, 'name', st.name, 'type', st.type) end`,
    additional_data: additionalData,
    intent_to_download: sql`requests.intent_to_download`,
    agreed_nih: sql`requests.agreed_nih`,
    data_safeguard: sql`requests.data_safeguard`,
    gpf_access_status: sql`requests.gpf_access_status`,
    agreed_to_usage_policy: sql`requests.agreed_to_usage_policy`,
    research_team_ready: sql`coalesce(${flags.researchTeamReady}, false)`,
    first_req_on_project: sql`coalesce(${flags.firstReqOnProject}, false)`,
    project_has_approved_req: sql`coalesce(${flags.projectHasApprovedReq}, false)`,
    has_new_irb: sql`coalesce(irb.id is not null and requests.submission_date is not null
      and date_trunc('milliseconds', irb.created) > date_trunc('milliseconds', requests.submission_date), false)`,
    is_editable: CALLER_CASES.editable.sql,
    created: isoTimestamp(sql`requests.created`),
    modified: isoTimestamp(sql`requests.modified`),
    permissions: CALLER_CASES.permissions.sql,
  });
  const summaryJoin = shape.summary
    ? sql` left join request_summaries rs on rs.request_id = requests.id`
    : sql``;
  return {
    head,
    tail: sql`', ' || substr((${rest})::text, 2)`,
    relations: sql`${sql.join(
      relations.map((relation) => relation.join),
      sql` `,
    )}${summaryJoin}`,
  };
}

/** One row of the page: its JSON in two parts, and what Node reads of it. */
export interface RequestPageRow {
  id: number;
  head: string;
  tail: string;
  typeId: number;
  statusId: number;
  /** Milliseconds since the epoch, or null (a draft). */
  submitted: number | null;
  ownerId: number;
  projectId: number;
  callerIsMember: boolean;
  callerIsReviewer: boolean;
  /** Its version, when the shape asks for it. */
  version: string | null;
  /** Its project's team facts (`teamFactsJson`), when the shape asks for them. */
  team: TeamFactRow[] | null;
}

export const shapeName = (shape: RequestPageShape) =>
  `request_page_${(['project', 'datasets', 'summary', 'reviewers', 'zendesk', 'version', 'team'] as const)
    .map((key) => (shape[key] ? '1' : '0'))
    .join('')}`;

/** The page statement of a shape, unprepared: `requestPageRows` prepares it; tests read its plan. */
export function requestPageQuery(db: DbOrTx, shape: RequestPageShape) {
  const { head, tail, relations } = rowTexts(shape);
  return db
    .select({
      id: sql<number>`requests.id`,
      head: sql<string>`${head}`,
      tail: sql<string>`${tail}`,
      typeId: sql<number>`requests.type_id`,
      statusId: sql<number>`requests.status_id`,
      submitted: sql<number | null>`floor(extract(epoch from requests.submission_date) * 1000)::float8`,
      ownerId: sql<number>`requests.owner_id`,
      projectId: sql<number>`requests.project_id`,
      callerIsMember: sql<boolean>`facts.member`,
      callerIsReviewer: sql<boolean>`facts.reviewer`,
      version: shape.version ? sql<string>`${versionSql(requestVersion)}` : sql<null>`null`,
      team: shape.team ? teamFactsJson(db, sql`requests.project_id`) : sql<null>`null`,
    })
    .from(
      sql`${pageOfIds}
        join requests on requests.id = page.id
        join users o on o.id = requests.owner_id
        join projects p on p.id = requests.project_id
        left join users cr on cr.id = requests.creator_id
        left join institutions i on i.id = requests.institution_id
        left join files irb on irb.id = p.latest_irb_id
        left join sample_types st on st.id = requests.sample_type_id
        left join abn_carts ac on ac.request_id = requests.id
        ${relations}
        cross join lateral (select requests.owner_id = ${caller} as owner, ${isProjectMemberSql(caller)} as member,
          ${callerReview.value} is not null as reviewer offset 0) facts`,
    )
    .orderBy(pageOrder);
}

/**
 * The requests of these ids, in this order, each as its JSON (around `expected_decision`) with its
 * facts: one named prepared statement per shape, planned once per connection. The caller's facts
 * are computed once per row: `offset 0` keeps the planner from copying their subqueries into each
 * answer that reads them (a detail's statement 0.71 -> 0.58 ms).
 */
export async function requestPageRows(
  db: DbOrTx,
  ids: readonly number[],
  callerId: number,
  shape: RequestPageShape,
  answers: Record<keyof typeof CALLER_CASES, string>,
): Promise<RequestPageRow[]> {
  if (ids.length === 0) return [];
  return prepared(db, shapeName(shape), (name) => requestPageQuery(db, shape).prepare(name)).execute({
    ids: [...ids],
    callerId,
    ...answers,
  });
}
