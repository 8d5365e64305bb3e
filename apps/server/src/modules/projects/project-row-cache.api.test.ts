import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WORKFLOW_STATUS, type ProjectDto } from '@rrp/domain';
import { files, history, institutions, projects, requestReviewers, users } from '../../db/schema';
import { addTeamMember, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { tablesReadWithoutTrigger } from '../../../test/read-rows-triggers';
import { projectRowsQuery } from './projects-read.repo';
import { projectRowCache } from './project-row-cache';

/**
 * The project rows kept between calls (decision 443): every table the project statement reads
 * tells the cache of its changes (migrations 0035, 0037), and each kind of write shows in the very
 * next answer, written through SQL as another instance or the CLI would.
 */
let t: TestContext;
let admin: string;
let owner: { id: number; email: string; token: string };
let projectId: number;
const db = () => t.database.db;

async function person(firstName: string, roles: Parameters<TestContext['createUser']>[0]['roles']) {
  const user = await t.createUser({ roles, firstName, lastName: 'Kept' });
  return { ...user, token: await t.tokenFor(user.email) };
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  owner = await person('Cara', ['primary_researcher']);
  projectId = (await createProject(db(), { ownerId: owner.id, title: 'Kept study' })).id;
});
afterAll(() => t?.close());

async function read(token: string, expand = '') {
  return t.app.inject({
    url: `/api/project/${projectId}/${expand && `?expand=${expand}`}`,
    headers: auth(token),
  });
}

async function detail(token: string, expand = ''): Promise<ProjectDto> {
  const response = await read(token, expand);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the project rows kept between calls', () => {
  it('has a trigger on every table the project statement reads', async () => {
    const { read: tables, untold } = await tablesReadWithoutTrigger(
      db(),
      projectRowsQuery(db(), true).toSQL(),
      {
        ids: [projectId],
        callerId: owner.id,
        expandOwner: true,
        expandInstitution: true,
        expandIrb: true,
        expandCreator: true,
        permissions: '[]',
        teamPermissions: '[]',
      },
    );
    expect(tables.size).toBeGreaterThan(6);
    expect(untold).toEqual([]);
  });

  it('keeps a row it has read, and shows each kind of write in the next answer', async () => {
    const first = await detail(admin, 'owner,institution,latest_irb');
    expect(projectRowCache.count(db())).toBeGreaterThan(0);
    expect(await detail(admin, 'owner,institution,latest_irb')).toEqual(first);

    // The owner is renamed (a name any row may show: everything is forgotten).
    await db().update(users).set({ lastName: 'Renamed' }).where(eq(users.id, owner.id));
    expect((await detail(admin, 'owner')).owner).toMatchObject({ display_name: 'Cara Renamed' });

    // The project is retitled.
    await db().update(projects).set({ title: 'Retitled study' }).where(eq(projects.id, projectId));
    expect((await detail(admin)).title).toBe('Retitled study');

    // A request of the project is submitted: the project is no longer editable.
    expect((await detail(admin)).is_editable).toBe(true);
    const request = await createRequest(db(), { projectId, statusId: WORKFLOW_STATUS.submitted });
    expect((await detail(admin)).is_editable).toBe(false);

    // Its IRB is attached, then renamed; its institution is renamed.
    const [irb] = await db()
      .insert(files)
      .values({
        name: 'irb.pdf',
        storageKey: `kept/${projectId}`,
        type: 'irb',
        contentType: 'application/pdf',
        size: 1,
        creatorId: owner.id,
        projectId,
      })
      .returning();
    await db().update(projects).set({ latestIrbId: irb!.id }).where(eq(projects.id, projectId));
    expect((await detail(admin, 'latest_irb')).latest_irb).toMatchObject({ name: 'irb.pdf' });
    await db().update(files).set({ name: 'renamed.pdf' }).where(eq(files.id, irb!.id));
    expect((await detail(admin, 'latest_irb')).latest_irb).toMatchObject({ name: 'renamed.pdf' });
    const institutionId =
      first.institution && typeof first.institution === 'object' ? first.institution.id : 0;
    await db()
      .update(institutions)
      .set({ name: 'Renamed University' })
      .where(eq(institutions.id, institutionId));
    expect((await detail(admin, 'institution')).institution).toMatchObject({ name: 'Renamed University' });

    // Its history gains a version: the detail's ETag follows.
    const tag = (await read(admin)).headers.etag;
    await db()
      .insert(history)
      .values({
        model: 'project',
        objectId: String(projectId),
        version: 99,
        action: 'update',
        changedFields: [],
        data: {},
      });
    expect((await read(admin)).headers.etag).not.toBe(tag);

    // A reviewer is assigned to one of its requests: they may now edit its team.
    const reviewer = await person('Rory', ['portal_reviewer']);
    expect((await detail(reviewer.token)).team_permissions).not.toContain('update');
    await db().insert(requestReviewers).values({ requestId: request.id, userId: reviewer.id });
    expect((await detail(reviewer.token)).team_permissions).toContain('update');
    await db().delete(requestReviewers).where(eq(requestReviewers.userId, reviewer.id));
    expect((await detail(reviewer.token)).team_permissions).not.toContain('update');
  });

  it('keeps each caller’s own row: a researcher joins the team and may read the project', async () => {
    const teammate = await person('Tess', ['primary_researcher']);
    expect((await read(teammate.token)).statusCode).toBe(404);
    await addTeamMember(db(), { projectId, email: teammate.email, firstName: 'Tess', lastName: 'Kept' });
    expect((await detail(teammate.token)).permissions).toContain('read');
    const asOwner = await detail(owner.token);
    expect(asOwner.permissions).toContain('update');
    expect((await detail(teammate.token)).permissions).not.toContain('update');
  });
});
