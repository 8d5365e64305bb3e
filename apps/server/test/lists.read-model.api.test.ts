import { afterAll, beforeAll, describe, it } from 'vitest';
import { asc, isNotNull } from 'drizzle-orm';
import type { Actor, Subject } from '@rrp/domain';
import { groups, projects, researchTeamMembers, userInstitutions, users } from '../src/db/schema';
import type { DbOrTx } from '../src/platform/db/database';
import { parseExpand, type ListSpec } from '../src/platform/list';
import { projectList, teamList } from '../src/modules/projects/projects.lists';
import { userList } from '../src/modules/accounts/user-list.lists';
import {
  createGoldenContext,
  expectSameAsReference,
  referencePage,
  routeAccess,
  type GoldenContext,
} from './read-model-golden';
import {
  referenceProject,
  referenceProjectList,
  referenceTeamList,
  referenceTeamMember,
} from './reference-model/projects';
import { referenceUserList } from './reference-model/users';

/*
 * The golden comparison of the project and research team read models (issue 32 "done when"):
 * every role asks each list with no query, each declared filter, search, every ordering both
 * ways, a deep page and `expand`, and the details of a sample of rows (refusals included); the
 * answer must be the previous code's (test/reference-model/projects.ts).
 */

type Query = Record<string, string>;
type ListReference = (
  db: DbOrTx,
  actor: Actor,
  query: Query,
) => Promise<{ list: { limit: number; offset: number }; count: number; results: unknown[] }>;
type DetailReference = (
  db: DbOrTx,
  actor: Actor,
  id: number,
  expand: ReadonlySet<string>,
) => Promise<unknown>;

let golden: GoldenContext;

beforeAll(async () => {
  golden = await createGoldenContext();
}, 600_000);

afterAll(() => golden?.close());

const withQuery = (base: string, query: Query) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${base}?${search}` : base;
};

/** Every ordering of the spec, ascending and descending. */
const orderings = (spec: ListSpec): Query[] =>
  Object.keys(spec.ordering).flatMap((key) => [{ ordering: key }, { ordering: `-${key}` }]);

/** Each role asks the list with each query; the answer is the reference's page. */
async function expectListsAsBefore(
  base: string,
  subject: Subject,
  reference: ListReference,
  queries: Query[],
) {
  for (const caller of golden.callers) {
    for (const query of queries) {
      const url = withQuery(base, query);
      await expectSameAsReference(golden.t, caller, url, async () => {
        routeAccess(caller.actor, 'list', subject);
        const { list, count, results } = await reference(golden.t.database.db, caller.actor!, query);
        return referencePage(url, list, count, results);
      });
    }
  }
}

/** Each role reads each row (with and without `expand`); the answer, or refusal, is the reference's. */
async function expectDetailsAsBefore(
  base: string,
  subject: Subject,
  spec: ListSpec,
  reference: DetailReference,
  ids: number[],
) {
  const expands = ['', (spec.expand ?? []).join(',')];
  for (const caller of golden.callers) {
    for (const id of ids) {
      for (const expand of expands) {
        const url = withQuery(`${base}${id}/`, expand ? { expand } : {});
        await expectSameAsReference(golden.t, caller, url, async () => {
          routeAccess(caller.actor, 'read', subject);
          return reference(golden.t.database.db, caller.actor!, id, parseExpand(spec, expand || undefined));
        });
      }
    }
  }
}

/** A sample of ids: the first, some in between, the last and one that does not exist. */
function sampleIds(ids: number[]): number[] {
  const step = Math.max(1, Math.floor(ids.length / 6));
  return [...ids.filter((_, at) => at % step === 0), ids[ids.length - 1]!, 2_000_000];
}

describe('GET project/ and project/{id}/ answer what the previous code answered', () => {
  it('lists projects for every role: no query, filters, search, orderings, paging, expand', async () => {
    const [sample] = await golden.t.database.db
      .select()
      .from(projects)
      .where(isNotNull(projects.institutionId))
      .orderBy(asc(projects.id))
      .limit(1);
    const queries: Query[] = [
      {},
      { id: String(sample!.id) },
      { id__in: `${sample!.id},${sample!.id + 1}` },
      { owner: String(sample!.ownerId) },
      { institution: String(sample!.institutionId) },
      { institution__isnull: 'true' },
      { portal_project_id: sample!.portalProjectId },
      { title__icontains: sample!.title.slice(0, 4) },
      { non_autism_research: 'true' },
      { latest_irb__isnull: 'false' },
      { created__gte: '2000-01-01' },
      { modified__lte: '2100-01-01' },
      { search: 'a' },
      ...orderings(projectList),
      { offset: '15', limit: '10' },
      { limit: '100', expand: 'owner,latest_irb,institution,creator' },
    ];
    await expectListsAsBefore('/api/project/', 'Project', referenceProjectList, queries);
  }, 600_000);

  it('reads a sample of projects for every role, refusals included', async () => {
    const rows = await golden.t.database.db
      .select({ id: projects.id })
      .from(projects)
      .orderBy(asc(projects.id));
    const ids = sampleIds(rows.map((row) => row.id));
    await expectDetailsAsBefore('/api/project/', 'Project', projectList, referenceProject, ids);
  }, 600_000);
});

describe('GET research-team/ and research-team/{id}/ answer what the previous code answered', () => {
  it('lists team rows for every role: no query, filters, search, orderings, paging, expand', async () => {
    const [sample] = await golden.t.database.db
      .select()
      .from(researchTeamMembers)
      .where(isNotNull(researchTeamMembers.userId))
      .orderBy(asc(researchTeamMembers.id))
      .limit(1);
    const queries: Query[] = [
      {},
      { project_id: String(sample!.projectId) },
      { project_id__in: `${sample!.projectId},${sample!.projectId + 1}` },
      { user_id: String(sample!.userId) },
      { user_id__isnull: 'true' },
      { email: sample!.email },
      { email__icontains: sample!.email.slice(0, 3) },
      { active: 'false' },
      { removal_date__isnull: 'false' },
      { search: 'e' },
      ...orderings(teamList),
      { offset: '20', limit: '10' },
      { limit: '100', expand: 'institution' },
    ];
    await expectListsAsBefore('/api/research-team/', 'ResearchTeam', referenceTeamList, queries);
  }, 600_000);

  it('reads a sample of team rows for every role, refusals included', async () => {
    const rows = await golden.t.database.db
      .select({ id: researchTeamMembers.id })
      .from(researchTeamMembers)
      .orderBy(asc(researchTeamMembers.id));
    const ids = sampleIds(rows.map((row) => row.id));
    await expectDetailsAsBefore('/api/research-team/', 'ResearchTeam', teamList, referenceTeamMember, ids);
  }, 600_000);
});

describe('GET user/ answers what the previous code answered', () => {
  it('lists users for every role: no query, filters, search, orderings, paging', async () => {
    const db = golden.t.database.db;
    const [affiliation] = await db.select().from(userInstitutions).orderBy(asc(userInstitutions.id)).limit(1);
    const [user] = await db
      .select()
      .from(users)
      .where(isNotNull(users.lastLogin))
      .orderBy(asc(users.id))
      .limit(1);
    const [group] = await db.select().from(groups).orderBy(asc(groups.id)).limit(1);
    const queries: Query[] = [
      {},
      { id: String(user!.id) },
      { id__in: `${user!.id},${affiliation!.userId}` },
      { groups__name: group!.name },
      { groups__name__in: `${group!.name},portal_admin` },
      { groups: String(group!.id) },
      { institutions: String(affiliation!.institutionId) },
      { institutions__id__in: String(affiliation!.institutionId) },
      { userinstitution__joinder_date__isnull: 'true' },
      { userinstitution__joinder_date__isnull: 'false' },
      { first_name__icontains: user!.firstName.slice(0, 2) },
      { last_name: user!.lastName },
      { email__icontains: 'demo' },
      { emails__email__icontains: 'e' },
      { active: 'true' },
      { is_active: 'false' },
      { verified: 'true' },
      { search: 'an' },
      ...orderings(userList),
      { offset: '40', limit: '10' },
      { limit: '100' },
    ];
    await expectListsAsBefore('/api/user/', 'User', referenceUserList, queries);
  }, 600_000);
});
