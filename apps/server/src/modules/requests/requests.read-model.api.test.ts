import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pageSchema, requestSchema } from '@rrp/domain';
import {
  createGoldenContext,
  demoUserId,
  expectSameAsReference,
  referencePage,
  routeAccess,
  type GoldenCaller,
  type GoldenContext,
} from '../../../test/read-model-golden';
import { referenceRequest, referenceRequestList } from '../../../test/reference-model/requests';
import { parseExpand } from '../../platform/list/detail';
import { requestList } from './requests.lists';

/**
 * The request read model answers exactly what the previous Node path did (issue 32 "done when"):
 * every role, the list with each filter, search, every ordering both ways, paging and `expand`,
 * and the detail of requests of every type and status — including the ones a role may not read.
 */
/** Every role, each case: minutes on PGlite. */
const TIMEOUT = 900_000;
let g: GoldenContext;
/** Values of the seeded data for the filters: a request rich in relations, and people and rows it names. */
let values: Record<string, string | number>;
/** Requests to open: one of every type and status present, and the demo ones. */
let detailIds: number[];

const db = () => g.t.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  g = await createGoldenContext();
  const [rich] = await rows<Record<string, number | string>>(sql`
    select r.id, r.owner_id, r.project_id, r.portal_request_id,
      (select institution_id from requests where institution_id is not null limit 1) as institution,
      (select sample_type_id from requests where sample_type_id is not null limit 1) as sample_type,
      (select cohort_ids[1] from requests where cardinality(cohort_ids) > 0 limit 1) as cohort,
      (select dataset_id from request_datasets limit 1) as dataset,
      (select coalesce((select keywords[1] from request_summaries where cardinality(keywords) > 0 limit 1), 'none')) as keyword,
      (select coalesce((select category[1] from request_summaries where cardinality(category) > 0 limit 1), 'none')) as category,
      (select coalesce((select study_type[1] from request_summaries where cardinality(study_type) > 0 limit 1), 'none')) as method,
      (select coalesce((select review_quarter from request_summaries where review_quarter is not null limit 1), '2025-Q1')) as quarter
    from requests r order by r.id limit 1`);
  values = {
    ...rich!,
    researcher: await demoUserId(g.t, 'primary_researcher'),
    reviewer: await demoUserId(g.t, 'portal_reviewer'),
  };
  const picked = await rows<{ id: number }>(sql`
    select min(id) as id from requests group by type_id, status_id
    union (select id from requests where owner_id in (select id from users where email like '%@demo.test') order by id limit 8)
    order by id`);
  detailIds = picked.map((row) => row.id);
}, 600_000);
afterAll(() => g?.close());

/** One query per declared filter, each with a value that selects some rows. */
function filterQueries(): Record<string, string> {
  const v = values;
  return {
    id: `id=${v.id}`,
    type: 'type=1',
    status: 'status=2',
    owner: `owner=${v.owner_id}`,
    project: `project=${v.project_id}`,
    institution: `institution=${v.institution}`,
    sample_type: `sample_type__isnull=false`,
    portal_request_id: `portal_request_id=${v.portal_request_id}`,
    display_name: 'display_name__icontains=a',
    cohort: `cohort=${v.cohort}`,
    datasets: `datasets=${v.dataset}`,
    project__userproject__user: `project__userproject__user=${v.researcher}`,
    users: `users=${v.researcher}`,
    reviews__user: `reviews__user=${v.reviewer}`,
    review_quarter: `review_quarter=${v.quarter}`,
    assigned: 'assigned=true',
    compliance_needed: 'compliance_needed=true',
    grouping: 'grouping=recontacting',
    recontacting_cohort: `recontacting_cohort=${v.cohort}`,
    review_cycle: 'review_cycle__gte=1',
    keywords: `keywords=${encodeURIComponent(String(v.keyword))}`,
    category: `category=${encodeURIComponent(String(v.category))}`,
    methods: `methods=${encodeURIComponent(String(v.method))}`,
    region: 'region__icontains=a',
    submission_date: 'submission_date__gte=2022-01-01',
    decision_date: 'decision_date__lt=2030-01-01',
    expiration_date: 'expiration_date__isnull=false',
    created: 'created__gte=2020-01-01',
    modified: 'modified__lte=2030-01-01',
  };
}

const listReference = (caller: GoldenCaller, url: string) => async () => {
  routeAccess(caller.actor, 'list', 'Request');
  const query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
  const listed = await referenceRequestList(db(), caller.actor!, query);
  return referencePage(url, listed.list, listed.count, listed.results);
};

/**
 * Compares each query for every caller; expects nearly every query to find rows for the staff who
 * read every request, so that the cases do not compare empty pages or refusals only.
 */
async function compareLists(queries: string[]) {
  const empty: string[] = [];
  for (const caller of g.callers) {
    for (const query of queries) {
      // A short page unless the query names one: the comparison is per row, PGlite is slow.
      const paged = !query || query.includes('limit=') ? query : `${query}&limit=5`;
      const url = `/api/request/${paged ? `?${paged}` : ''}`;
      const answer = await expectSameAsReference(
        g.t,
        caller,
        url,
        listReference(caller, url),
        pageSchema(requestSchema),
      );
      if (caller.name === 'portal_admin' && !(answer.body as { results?: unknown[] }).results?.length) {
        empty.push(url);
      }
    }
  }
  expect(empty.length, `pages without rows: ${empty.join(' ')}`).toBeLessThanOrEqual(queries.length / 8);
}

describe('the request read model answers what the previous code answered', () => {
  it(
    'lists with no query, paging, search and expand, for every role',
    async () => {
      await compareLists([
        '',
        'limit=10',
        'limit=100',
        'limit=10&offset=30',
        'offset=100&limit=20',
        'search=a',
        'search=R0',
        'expand=project,datasets,summary',
        'expand=project&type__in=4,5',
        'expand=summary,datasets&type__in=4,5,2',
      ]);
    },
    TIMEOUT,
  );

  it(
    'lists with each declared filter, for every role',
    async () => {
      const queries = filterQueries();
      expect(Object.keys(queries).sort()).toEqual(Object.keys(requestList.filters).sort());
      await compareLists(Object.values(queries));
    },
    TIMEOUT,
  );

  it(
    'lists in every ordering, both ways, for every role',
    async () => {
      const orderings = Object.keys(requestList.ordering);
      await compareLists(orderings.flatMap((key) => [`ordering=${key}`, `ordering=-${key}`]));
    },
    TIMEOUT,
  );

  it(
    'answers the detail of every type and status alike, refusals included',
    async () => {
      expect(detailIds.length).toBeGreaterThan(20);
      for (const caller of g.callers) {
        for (const [at, id] of detailIds.entries()) {
          const expand = at % 3 === 0 ? '?expand=project,datasets' : '';
          await expectSameAsReference(
            g.t,
            caller,
            `/api/request/${id}/${expand}`,
            async () => {
              routeAccess(caller.actor, 'read', 'Request');
              return referenceRequest(
                db(),
                caller.actor!,
                id,
                parseExpand(requestList, expand.slice(8) || undefined),
              );
            },
            requestSchema,
          );
        }
      }
    },
    TIMEOUT,
  );
});
