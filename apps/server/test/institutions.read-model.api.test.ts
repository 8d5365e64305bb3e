import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, isNotNull } from 'drizzle-orm';
import type { Lookup } from '../src/platform/list/list-spec';
import type { Actor, Subject } from '@rrp/domain';
import { institutions } from '../src/db/schema';
import { parseExpand, type ListSpec } from '../src/platform/list';
import { institutionList } from '../src/modules/institutions/institutions.lists';
import {
  createGoldenContext,
  expectSameAsReference,
  referencePage,
  routeAccess,
  type GoldenCaller,
  type GoldenContext,
} from './read-model-golden';
import { referenceInstitution, referenceInstitutionList } from './reference-model/institutions';

/*
 * The golden comparison of the institution read model (issue 32 "done when"): every
 * role and the visitor ask each list with no query, every declared filter, search, every ordering
 * both ways, a deep page, limits of 10 and 100 and `expand`, and read a sample of rows (refusals
 * included); the answer must be the previous code's (test/reference-model/institutions.ts).
 */

type Query = Record<string, string>;
type Listed = { list: { limit: number; offset: number }; count: number; results: unknown[] };

let golden: GoldenContext;

beforeAll(async () => {
  golden = await createGoldenContext();
}, 600_000);

afterAll(() => golden?.close());

const db = () => golden.t.database.db;

const withQuery = (base: string, query: Query) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${base}?${search}` : base;
};

/** Every ordering of the spec, ascending and descending. */
const orderings = (spec: ListSpec): Query[] =>
  Object.keys(spec.ordering).flatMap((key) => [{ ordering: key }, { ordering: `-${key}` }]);

const LOOKUPS = ['exact', 'in', 'icontains', 'isnull', 'gte', 'lte', 'gt', 'lt'] as const satisfies Lookup[];

/** A filter added to the spec without a case here fails the test instead of going unchecked. */
function expectEveryFilterAsked(spec: ListSpec, queries: Query[]) {
  const asked = new Set(queries.flatMap((query) => Object.keys(query)));
  const askedFilter = (name: string) =>
    [...asked].some(
      (key) =>
        key === name ||
        (key.startsWith(`${name}__`) && (LOOKUPS as readonly string[]).includes(key.slice(name.length + 2))),
    );
  const missing = [...Object.keys(spec.filters), ...(spec.extraParams ?? [])].filter(
    (name) => !askedFilter(name),
  );
  expect(missing, 'filters without a golden case').toEqual([]);
}

/**
 * Each caller asks the list with each query; the answer is the reference's page. Answers how many
 * pages had rows, so that a test can tell its cases are not all empty or refused.
 */
async function expectListsAsBefore(
  base: string,
  subject: Subject,
  reference: (actor: Actor | null, query: Query) => Promise<Listed>,
  queries: Query[],
  callers: GoldenCaller[] = golden.callers,
) {
  let withRows = 0;
  for (const caller of callers) {
    for (const query of queries) {
      const url = withQuery(base, query);
      const answer = await expectSameAsReference(golden.t, caller, url, async () => {
        routeAccess(caller.actor, 'list', subject);
        const { list, count, results } = await reference(caller.actor, query);
        return referencePage(url, list, count, results);
      });
      if (answer.status === 200 && (answer.body as { results: unknown[] }).results.length > 0) withRows++;
    }
  }
  return withRows;
}

/** Each caller reads each key (with each `expand`); the answer, or the refusal, is the reference's. */
async function expectDetailsAsBefore(
  base: string,
  subject: Subject,
  reference: (actor: Actor | null, key: string, expand: ReadonlySet<string>) => Promise<unknown>,
  keys: string[],
  spec?: ListSpec,
) {
  const expands = spec ? ['', (spec.expand ?? []).join(',')] : [''];
  const statuses = new Set<number>();
  for (const caller of golden.callers) {
    for (const key of keys) {
      for (const expand of expands) {
        const url = withQuery(`${base}${key}/`, expand ? { expand } : {});
        const answer = await expectSameAsReference(golden.t, caller, url, async () => {
          routeAccess(caller.actor, 'read', subject);
          return reference(caller.actor, key, spec ? parseExpand(spec, expand || undefined) : new Set());
        });
        statuses.add(answer.status);
      }
    }
  }
  return statuses;
}

/** A sample of ids: the first, some in between, the last and one that does not exist. */
function sampleIds(ids: number[]): string[] {
  const step = Math.max(1, Math.floor(ids.length / 6));
  return [...ids.filter((_, at) => at % step === 0), ids[ids.length - 1]!, 2_000_000].map(String);
}

describe('GET institution/ and institution/{id}/ answer what the previous code answered', () => {
  it('lists institutions for every caller: no query, every filter, search, orderings, paging, expand', async () => {
    const [sample] = await db()
      .select()
      .from(institutions)
      .where(isNotNull(institutions.currentIoId))
      .orderBy(asc(institutions.id))
      .limit(1);
    const queries: Query[] = [
      {},
      { id: String(sample!.id) },
      { id__in: `${sample!.id},${sample!.id + 1}` },
      { status: '3' },
      { status__in: '1,2,5' },
      { name: sample!.name },
      { name__icontains: sample!.name.slice(0, 3) },
      { ein__isnull: 'false' },
      { current_io: String(sample!.currentIoId) },
      { current_io__isnull: 'true' },
      { admin_acknowledge: 'false' },
      { created__gte: '2000-01-01' },
      { rda_status: '1' },
      { rda_status__in: '2,4' },
      { name_or_ein__icontains: sample!.name.slice(1, 5) },
      { search: 'univ' },
      ...orderings(institutionList),
      { offset: '5', limit: '10' },
      { limit: '100', expand: 'current_io' },
    ];
    expectEveryFilterAsked(institutionList, queries);
    const withRows = await expectListsAsBefore(
      '/api/institution/',
      'Institution',
      (actor, query) => referenceInstitutionList(db(), actor, query),
      queries,
    );
    expect(withRows).toBeGreaterThan(golden.callers.length * 10);
  }, 600_000);

  it('reads a sample of institutions for every caller, refusals included', async () => {
    const rows = await db().select({ id: institutions.id }).from(institutions).orderBy(asc(institutions.id));
    const statuses = await expectDetailsAsBefore(
      '/api/institution/',
      'Institution',
      (actor, key) => referenceInstitution(db(), actor!, Number(key)),
      sampleIds(rows.map((row) => row.id)),
    );
    expect([...statuses].sort()).toEqual([200, 401, 403, 404]);
  }, 600_000);
});
