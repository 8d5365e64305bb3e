import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WORKFLOW_STATUS, type RequestDto } from '@rrp/domain';
import { institutions, projects, requestReviewers, requests, users } from '../../db/schema';
import { addRequestMembers, addTeamMember, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { tablesReadWithoutTrigger } from '../../../test/read-rows-triggers';
import { pageStatements, parseListQuery } from '../../platform/list';
import { requestPageQuery } from './request-page.repo';
import { requestRowCache } from './request-row-cache';
import { readableRequests, requestList } from './requests.lists';

/**
 * The request rows kept between calls (decision 443): every table the page statement reads tells
 * the cache of its changes (migrations 0035, 0037), and each kind of write shows in the very next answer,
 * written through SQL as another instance or the CLI would. The read model's golden test reads
 * every role's rows through the same cache, one role after another.
 */
let t: TestContext;
let admin: string;
let owner: { id: number; email: string; token: string };
let projectId: number;
let requestId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  const user = await t.createUser({ roles: ['primary_researcher'], firstName: 'Cara', lastName: 'Cached' });
  owner = { ...user, token: await t.tokenFor(user.email) };
  projectId = (await createProject(db(), { ownerId: owner.id, title: 'Kept study' })).id;
  requestId = (
    await createRequest(db(), {
      projectId,
      statusId: WORKFLOW_STATUS.submitted,
      submissionDate: new Date(),
    })
  ).id;
});
afterAll(() => t?.close());

async function detail(token: string, expand = ''): Promise<RequestDto> {
  const response = await t.app.inject({
    url: `/api/request/${requestId}/${expand && `?expand=${expand}`}`,
    headers: auth(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the request rows kept between calls', () => {
  it('has a trigger on every table the page statement reads', async () => {
    const shape = {
      project: true,
      datasets: true,
      summary: true,
      reviewers: true,
      zendesk: true,
      version: true,
      team: true,
    };
    const { read, untold } = await tablesReadWithoutTrigger(db(), requestPageQuery(db(), shape).toSQL(), {
      ids: [requestId],
      callerId: owner.id,
      permissions: '[]',
      editable: '[]',
      summaryReadable: '[]',
      ordersReadable: '[]',
    });
    expect(read.size).toBeGreaterThan(15);
    expect(untold).toEqual([]);
  });

  it('keeps a row it has read, and shows each kind of write in the next answer', async () => {
    const first = await detail(admin);
    expect(requestRowCache.count(db())).toBeGreaterThan(0);
    expect(await detail(admin)).toEqual(first);

    // The owner is renamed (a name any row may show: everything is forgotten).
    await db().update(users).set({ lastName: 'Renamed' }).where(eq(users.id, owner.id));
    expect((await detail(admin)).owner.display_name).toBe('Cara Renamed');

    // The project is retitled (its requests are forgotten).
    expect((await detail(admin, 'project')).project).toMatchObject({ title: 'Kept study' });
    await db().update(projects).set({ title: 'Retitled study' }).where(eq(projects.id, projectId));
    expect((await detail(admin, 'project')).project).toMatchObject({ title: 'Retitled study' });

    // Another request of the project is approved: this one's flag reads its project's others.
    expect((await detail(admin)).project_has_approved_req).toBe(false);
    await createRequest(db(), { projectId, statusId: WORKFLOW_STATUS.approved });
    expect((await detail(admin)).project_has_approved_req).toBe(true);

    // A member joins the request's access list (a row of the request's own).
    await addRequestMembers(db(), requestId, [{ userId: owner.id }]);
    expect((await detail(admin)).access_control_list.map((member) => member.user_id)).toEqual([owner.id]);

    // An invited teammate has no account yet, then registers: the team is ready.
    await addTeamMember(db(), { projectId, email: 'later@example.org', firstName: 'Lee', lastName: 'Later' });
    expect((await detail(admin)).research_team_ready).toBe(false);
    await t.createUser({ roles: ['primary_researcher'], email: 'later@example.org' });
    expect((await detail(admin)).research_team_ready).toBe(true);

    // The request itself changes.
    await db().update(requests).set({ displayName: 'Renamed request' }).where(eq(requests.id, requestId));
    expect((await detail(admin)).display_name).toBe('Renamed request');
  });

  it('keeps each caller’s own row: the owner and the administrator read theirs', async () => {
    const asAdmin = await detail(admin);
    const asOwner = await detail(owner.token);
    expect(asOwner.permissions).not.toEqual(asAdmin.permissions);
    expect(await detail(admin)).toEqual(asAdmin);
    expect(await detail(owner.token)).toEqual(asOwner);
  });

  it('shows a renamed institution in the list’s rows', async () => {
    const [row] = await db()
      .select({ institutionId: requests.institutionId })
      .from(requests)
      .where(eq(requests.id, requestId));
    const listed = async () => {
      const response = await t.app.inject({
        url: `/api/request/?search=${encodeURIComponent('Renamed request')}`,
        headers: auth(admin),
      });
      const found = (response.json().results as RequestDto[]).find((request) => request.id === requestId);
      return found!.institution?.name;
    };
    expect(await listed()).toBe('Test University');
    await db()
      .update(institutions)
      .set({ name: 'Renamed University' })
      .where(eq(institutions.id, row!.institutionId!));
    expect(await listed()).toBe('Renamed University');
  });
});

describe('the request list’s unfiltered pages kept between calls', () => {
  it('has a trigger on every table a page or its count reads, in every ordering and scope', async () => {
    const scopes = [
      { userId: owner.id, role: 'portal_admin' as const, roles: ['portal_admin' as const] },
      { userId: owner.id, role: 'primary_researcher' as const, roles: ['primary_researcher' as const] },
      { userId: owner.id, role: 'portal_reviewer' as const, roles: ['portal_reviewer' as const] },
    ];
    const orderings = Object.keys(requestList.ordering).flatMap((key) => [key, `-${key}`]);
    const untold = new Set<string>();
    const read = new Set<string>();
    for (const actor of scopes) {
      for (const ordering of orderings) {
        const list = parseListQuery(requestList, { ordering, expand: 'project,datasets,summary' });
        const statements = pageStatements(db(), requestList, list, readableRequests(actor));
        for (const query of [statements.page(true), statements.page(false), statements.count()]) {
          const tables = await tablesReadWithoutTrigger(db(), query.toSQL(), {});
          tables.read.forEach((table) => read.add(table));
          tables.untold.forEach((table) => untold.add(table));
        }
      }
    }
    expect([...read]).toEqual(
      expect.arrayContaining(['requests', 'research_team_members', 'request_reviewers']),
    );
    expect([...untold]).toEqual([]);
  });

  it('shows each kind of write in the next page', async () => {
    const page = async (token: string, query = '') => {
      const response = await t.app.inject({ url: `/api/request/${query}`, headers: auth(token) });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { count: number; results: RequestDto[] };
      return { count: body.count, ids: body.results.map((request) => request.id) };
    };
    const before = await page(owner.token);
    expect(await page(owner.token)).toEqual(before);

    // A request is added to the owner's project: their page grows.
    const added = await createRequest(db(), { projectId, statusId: WORKFLOW_STATUS.created });
    const after = await page(owner.token);
    expect(after.count).toBe(before.count + 1);
    expect(after.ids).toContain(added.id);

    // A reviewer is assigned: the request joins their page.
    const reviewer = await t.createUser({ roles: ['portal_reviewer'] });
    const reviewerToken = await t.tokenFor(reviewer.email);
    expect((await page(reviewerToken)).ids).not.toContain(requestId);
    await db().insert(requestReviewers).values({ requestId, userId: reviewer.id });
    expect((await page(reviewerToken)).ids).toEqual([requestId]);

    // The owner is renamed: the page ordered by owner moves (a name any page may be ordered by).
    const middle = await t.createUser({ roles: ['primary_researcher'], firstName: 'Mo', lastName: 'Middle' });
    const middleProject = await createProject(db(), { ownerId: middle.id });
    const theirs = await createRequest(db(), {
      projectId: middleProject.id,
      statusId: WORKFLOW_STATUS.created,
    });
    const ownerFirst = async () => {
      const ids = (await page(admin, '?ordering=owner&limit=1000')).ids;
      return ids.indexOf(requestId) < ids.indexOf(theirs.id);
    };
    await db().update(users).set({ lastName: 'Aaaa' }).where(eq(users.id, owner.id));
    expect(await ownerFirst()).toBe(true);
    await db().update(users).set({ lastName: 'Zzzz' }).where(eq(users.id, owner.id));
    expect(await ownerFirst()).toBe(false);
  });
});
