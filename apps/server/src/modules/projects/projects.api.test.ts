import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { todayIso } from '@rrp/domain';
import { files, history, projects, requests, researchTeamMembers } from '../../db/schema';
import { addTeamMember, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: string;
let reviewer: string;
let researcher: { id: number; email: string; token: string };
let other: { id: number; email: string; token: string };

async function person(
  roles: Parameters<TestContext['createUser']>[0]['roles'],
  firstName = 'Ada',
  lastName = 'Lovelace',
) {
  const user = await t.createUser({ roles, firstName, lastName });
  return { ...user, token: await t.tokenFor(user.email) };
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  reviewer = await t.tokenForRole('portal_reviewer');
  researcher = await person(['primary_researcher'], 'Rita', 'Researcher');
  other = await person(['primary_researcher'], 'Otto', 'Other');
});
afterAll(() => t.close());

const valid = {
  title: 'Sleep in autistic children',
  abstract: 'We study sleep patterns.',
  non_autism_research: false,
};
const post = (payload: object, token = researcher.token, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/project/${query}`, headers: auth(token), payload });
const patch = (id: number, payload: object, token = researcher.token) =>
  t.app.inject({ method: 'PATCH', url: `/api/project/${id}/`, headers: auth(token), payload });
const get = (url: string, token = researcher.token) => t.app.inject({ url, headers: auth(token) });
const remove = (id: number, token = researcher.token) =>
  t.app.inject({ method: 'DELETE', url: `/api/project/${id}/`, headers: auth(token) });
const projectCount = async () => (await t.database.db.select({ n: count() }).from(projects))[0]!.n;
const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));

/** An IRB file stored as an upload would store it, for the project or (null) before it exists. */
async function irbFile(ownerId: number, projectId: number | null, data: Record<string, unknown> = {}) {
  const [row] = await t.database.db
    .insert(files)
    .values({
      name: 'irb.pdf',
      storageKey: `test/${Math.random()}`,
      type: 'irb',
      contentType: 'application/pdf',
      size: 10,
      creatorId: ownerId,
      projectId,
      additionalData: { designation: 1, approval_date: day(-10), renewal_date: day(200), ...data },
    })
    .returning();
  return row!;
}

describe('projects: create', () => {
  it('creates a project for the researcher with a public id, their institution and the PI on the team', async () => {
    const response = await post(
      { ...valid, public_title: 'Sleep', public_abstract: '' },
      researcher.token,
      '?expand=owner',
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      title: valid.title,
      abstract: valid.abstract,
      non_autism_research: false,
      public_title: 'Sleep',
      public_abstract: null,
      owner: { id: researcher.id, display_name: 'Rita Researcher' },
      creator: researcher.id,
      latest_irb: null,
      irb_state: 'none',
      is_editable: true,
      display_name: valid.title,
    });
    expect(body.portal_project_id).toBe(`P${String(body.id).padStart(5, '0')}`);
    expect(body.institution).toEqual(expect.any(Number));
    expect(body.permissions).toEqual(expect.arrayContaining(['read', 'update', 'delete']));
    const team = await t.database.db
      .select()
      .from(researchTeamMembers)
      .where(eq(researchTeamMembers.projectId, body.id));
    expect(team).toEqual([
      expect.objectContaining({ userId: researcher.id, userRole: 1, active: true, removalDate: null }),
    ]);
    const [created] = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'project'), eq(history.objectId, String(body.id))));
    expect(created).toMatchObject({ action: 'create', modifierId: researcher.id });
  });

  it('refuses titles over 300 characters and missing fields, storing nothing', async () => {
    const before = await projectCount();
    const long = await post({ ...valid, title: 'x'.repeat(301), public_title: 'y'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(errorBody(long)).toMatchObject({
      title: ['Ensure this field has no more than 300 characters.'],
      public_title: ['Ensure this field has no more than 300 characters.'],
    });
    const missing = await post({ title: ' ' });
    expect(Object.keys(errorBody(missing))).toEqual(
      expect.arrayContaining(['title', 'abstract', 'non_autism_research']),
    );
    expect(await projectCount()).toBe(before);
  });

  it('makes an administrator choose a primary researcher as PI', async () => {
    const none = await post(valid, admin);
    expect(errorBody(none)).toMatchObject({ creator: ['Please choose the Principal Investigator.'] });
    const official = await t.createUser({ roles: ['sbso'] });
    const wrong = await post({ ...valid, creator: official.id }, admin);
    expect(errorBody(wrong)).toMatchObject({
      creator: ['The Principal Investigator must be a primary researcher.'],
    });
    const ok = await post({ ...valid, creator: other.id }, admin, '?expand=owner,creator');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ owner: { id: other.id }, creator: { id: expect.any(Number) } });
    expect(ok.json().creator.id).not.toBe(other.id);
    const viaOwner = await post({ ...valid, owner: other.id }, admin);
    expect(viaOwner.json().owner).toBe(other.id);
  });

  it('does not let a researcher create a project for someone else', async () => {
    const response = await post({ ...valid, creator: other.id });
    expect(errorBody(response)).toMatchObject({
      creator: ['Only administrators can choose the Principal Investigator.'],
    });
  });

  it('links the IRB uploaded just before and saves the team, all in one transaction', async () => {
    const irb = await irbFile(researcher.id, null);
    const response = await post(
      {
        ...valid,
        title: 'Project with IRB and team',
        latest_irb: irb.id,
        team: [
          { email: other.email, first_name: 'Otto', last_name: 'Other', user_role: 2 },
          { email: 'newperson@example.edu', first_name: 'New', last_name: 'Person', user_role: 8 },
        ],
      },
      researcher.token,
      '?expand=latest_irb',
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.latest_irb).toMatchObject({ id: irb.id, designation: 1, renewal_date: day(200) });
    expect(body.irb_state).toBe('valid');
    const [file] = await t.database.db.select().from(files).where(eq(files.id, irb.id));
    expect(file!.projectId).toBe(body.id);
    const team = await t.database.db
      .select()
      .from(researchTeamMembers)
      .where(eq(researchTeamMembers.projectId, body.id));
    expect(team.map((m) => [m.email, m.userRole, m.userId])).toEqual(
      expect.arrayContaining([
        [researcher.email, 1, researcher.id],
        [other.email, 2, other.id],
        ['newperson@example.edu', 8, null],
      ]),
    );
  });

  it('stores nothing when a team row or the IRB is refused', async () => {
    const before = await projectCount();
    const irb = await irbFile(researcher.id, null);
    const badInstitution = await post({
      ...valid,
      latest_irb: irb.id,
      team: [{ email: 'x@example.edu', first_name: 'X', last_name: 'Y', user_role: 2, institution: 999999 }],
    });
    expect(errorBody(badInstitution)).toMatchObject({
      team: ['Please choose an institution from the list.'],
    });
    const badEmail = await post({
      ...valid,
      team: [{ email: 'not-an-email', first_name: 'X', last_name: 'Y', user_role: 2 }],
    });
    expect(errorBody(badEmail)).toMatchObject({ team: ['Please enter a valid email address.'] });
    const othersIrb = await irbFile(other.id, null);
    const stolen = await post({ ...valid, latest_irb: othersIrb.id });
    expect(errorBody(stolen)).toMatchObject({
      latest_irb: ['This IRB file does not belong to this project.'],
    });
    expect(await projectCount()).toBe(before);
    const [file] = await t.database.db.select().from(files).where(eq(files.id, irb.id));
    expect(file!.projectId).toBeNull();
  });
});

describe('projects: list and read', () => {
  let mine: number;
  let theirs: number;
  let shared: number;
  beforeAll(async () => {
    const db = t.database.db;
    mine = (await createProject(db, { ownerId: researcher.id, title: 'Alpha listing study' })).id;
    theirs = (await createProject(db, { ownerId: other.id, title: 'Beta listing study' })).id;
    shared = (await createProject(db, { ownerId: other.id, title: 'Gamma listing study' })).id;
    await addTeamMember(db, {
      projectId: shared,
      email: researcher.email,
      firstName: 'Rita',
      lastName: 'Researcher',
    });
  });

  const titles = async (query: string, token = researcher.token) => {
    const response = await get(`/api/project/?search=listing study${query}`, token);
    expect(response.statusCode).toBe(200);
    return response.json().results.map((p: { title: string }) => p.title);
  };

  it('shows researchers their own projects and those whose team they are on, by title', async () => {
    expect(await titles('')).toEqual(['Alpha listing study', 'Gamma listing study']);
    expect(await titles('', other.token)).toEqual(['Beta listing study', 'Gamma listing study']);
  });

  it('shows staff every project, with search, filters, ordering and expansions', async () => {
    expect(await titles('', reviewer)).toEqual([
      'Alpha listing study',
      'Beta listing study',
      'Gamma listing study',
    ]);
    expect(await titles('&ordering=-title', admin)).toEqual([
      'Gamma listing study',
      'Beta listing study',
      'Alpha listing study',
    ]);
    expect(await titles(`&owner=${other.id}`, admin)).toEqual(['Beta listing study', 'Gamma listing study']);
    expect(await titles(`&id__in=${mine},${theirs}`, admin)).toEqual([
      'Alpha listing study',
      'Beta listing study',
    ]);
    const byPublicId = await get(
      `/api/project/?search=P${String(theirs).padStart(5, '0')}&expand=owner`,
      admin,
    );
    expect(byPublicId.json().results).toEqual([
      expect.objectContaining({ id: theirs, owner: { id: other.id, display_name: 'Otto Other' } }),
    ]);
  });

  it('orders by the last name of the PI and pages in that order', async () => {
    // Otto Other before Rita Researcher; the id, ascending, breaks the tie between Otto's two projects.
    expect(await titles('&ordering=owner', admin)).toEqual([
      'Beta listing study',
      'Gamma listing study',
      'Alpha listing study',
    ]);
    expect(await titles('&ordering=-owner&limit=2&offset=1', admin)).toEqual([
      'Beta listing study',
      'Gamma listing study',
    ]);
    const page = await get('/api/project/?search=listing study&ordering=owner&limit=1', admin);
    expect(page.json()).toMatchObject({ count: 3, results: [{ title: 'Beta listing study' }] });
  });

  it('refuses unknown filters, orderings and expansions', async () => {
    expect((await get('/api/project/?colour=red', admin)).statusCode).toBe(400);
    expect(errorBody(await get('/api/project/?ordering=colour', admin))).toMatchObject({
      ordering: ['Unknown ordering field: colour.'],
    });
    expect(errorBody(await get(`/api/project/${mine}/?expand=colour`))).toMatchObject({
      expand: ['Unknown relation: colour.'],
    });
  });

  it('reads a project for its owner, team members and staff; hides it from others', async () => {
    expect((await get(`/api/project/${mine}/`)).json().permissions).toEqual([
      'list',
      'read',
      'create',
      'update',
      'delete',
    ]);
    const asMember = await get(`/api/project/${shared}/`);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().permissions).toEqual(['list', 'read', 'create']);
    expect((await get(`/api/project/${theirs}/`)).statusCode).toBe(404);
    expect((await get(`/api/project/${theirs}/`, reviewer)).json().permissions).toEqual(['list', 'read']);
    expect((await get('/api/project/999999/', admin)).statusCode).toBe(404);
  });

  it('stops showing a project to a removed or switched-off team member', async () => {
    await t.database.db
      .update(researchTeamMembers)
      .set({ active: false })
      .where(and(eq(researchTeamMembers.projectId, shared), eq(researchTeamMembers.email, researcher.email)));
    expect((await get(`/api/project/${shared}/`)).statusCode).toBe(404);
    expect(await titles('')).toEqual(['Alpha listing study']);
    await t.database.db
      .update(researchTeamMembers)
      .set({ active: true })
      .where(and(eq(researchTeamMembers.projectId, shared), eq(researchTeamMembers.email, researcher.email)));
  });
});

describe('projects: update', () => {
  it('lets the owner edit and keeps the autism answer fixed', async () => {
    const { id } = await createProject(t.database.db, { ownerId: researcher.id });
    const renamed = await patch(id, { title: 'Renamed study', non_autism_research: false });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Renamed study', non_autism_research: false });
    const flipped = await patch(id, { non_autism_research: true });
    expect(errorBody(flipped)).toMatchObject({
      non_autism_research: ['The autism-related answer cannot be changed after the project is created.'],
    });
    const tooLong = await patch(id, { abstract: 'a'.repeat(20_001) });
    expect(tooLong.statusCode).toBe(400);
    expect((await get(`/api/project/${id}/`)).json().title).toBe('Renamed study');
  });

  it('hides other projects from researchers and refuses edits by team members', async () => {
    const { id } = await createProject(t.database.db, { ownerId: other.id });
    expect((await patch(id, { title: 'Mine now' })).statusCode).toBe(404);
    await addTeamMember(t.database.db, {
      projectId: id,
      email: researcher.email,
      firstName: 'R',
      lastName: 'R',
    });
    expect((await patch(id, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await patch(id, { title: 'Staff edit' }, reviewer)).statusCode).toBe(403);
  });

  it('locks the project for its owner once a request is past Created, but not for admins', async () => {
    const project = await createProject(t.database.db, { ownerId: researcher.id });
    await createRequest(t.database.db, { projectId: project.id, statusId: 1 });
    expect((await get(`/api/project/${project.id}/`)).json().is_editable).toBe(true);
    await createRequest(t.database.db, { projectId: project.id, statusId: 3 });
    expect((await get(`/api/project/${project.id}/`)).json().is_editable).toBe(false);
    expect(errorBody(await patch(project.id, { title: 'Too late' }))).toMatchObject({
      non_field_errors: ['This project can no longer be edited.'],
    });
    // The IRB of a locked project can still be renewed.
    const irb = await irbFile(researcher.id, project.id);
    const renewed = await patch(project.id, { latest_irb: irb.id, title: project.title });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().latest_irb).toBe(irb.id);
    const byAdmin = await patch(project.id, { title: 'Corrected by staff' }, admin);
    expect(byAdmin.json()).toMatchObject({ title: 'Corrected by staff', is_editable: false });
  });

  it('lets an admin move the project to another PI, who takes the fixed team row', async () => {
    const project = await createProject(t.database.db, { ownerId: researcher.id });
    const refused = await patch(project.id, { creator: other.id });
    expect(refused.statusCode).toBe(400);
    const moved = await patch(project.id, { creator: other.id }, admin);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().owner).toBe(other.id);
    const team = await t.database.db
      .select()
      .from(researchTeamMembers)
      .where(and(eq(researchTeamMembers.projectId, project.id), isNull(researchTeamMembers.removalDate)));
    expect(team).toEqual([expect.objectContaining({ userId: other.id, userRole: 1, active: true })]);
    expect((await get(`/api/project/${project.id}/`)).statusCode).toBe(404);
  });

  it('writes the audit trail the owner can read, newest first', async () => {
    const created = (await post({ ...valid, title: 'Audited' })).json();
    await patch(created.id, { title: 'Audited again' });
    await patch(created.id, { title: 'Audited again' }); // no change, no entry
    const trail = await get(`/api/history/?pk=${created.id}&model=project&expand=modifier`);
    expect(trail.statusCode).toBe(200);
    expect(
      trail
        .json()
        .results.map((r: { action: string; changed_fields: string[] }) => [
          r.action,
          r.changed_fields.includes('title'),
        ]),
    ).toEqual([
      ['update', true],
      ['create', true],
    ]);
    expect(trail.json().results[0].modifier).toMatchObject({
      id: researcher.id,
      full_name: 'Rita Researcher',
    });
    expect((await get(`/api/history/?pk=${created.id}&model=project`, other.token)).statusCode).toBe(404);
    expect((await get(`/api/history/?pk=${created.id}&model=project`, admin)).statusCode).toBe(200);
    expect((await get(`/api/history/?pk=${researcher.id}&model=user`)).statusCode).toBe(403);
    expect((await get(`/api/history/?pk__in=${created.id}&pk=${created.id}&model=project`)).statusCode).toBe(
      403,
    );
  });
});

describe('projects: delete', () => {
  it('is blocked by approved, rejected or fulfilled requests, listing them', async () => {
    const project = await createProject(t.database.db, { ownerId: researcher.id });
    const approved = await createRequest(t.database.db, { projectId: project.id, statusId: 4 });
    const fulfilled = await createRequest(t.database.db, { projectId: project.id, statusId: 7 });
    await createRequest(t.database.db, { projectId: project.id, statusId: 2 });
    const response = await remove(project.id);
    expect(response.statusCode).toBe(400);
    const message =
      'The institution has users with approved, rejected or fullfilled requests and thus can not be deleted.';
    expect(errorBody(response)).toMatchObject({
      status: false,
      non_field_errors: [message],
      data: {
        non_field_errors: [message],
        requests: [
          {
            id: approved.id,
            portal_request_id: approved.portalRequestId,
            status: 4,
            status_name: 'Approved',
            owner: { id: researcher.id, display_name: 'Rita Researcher' },
          },
          expect.objectContaining({ id: fulfilled.id, status: 7 }),
        ],
      },
    });
    expect((await get(`/api/project/${project.id}/`)).statusCode).toBe(200);
  });

  it('deletes the project with its team, open requests and files', async () => {
    const project = await createProject(t.database.db, { ownerId: researcher.id, title: 'Short-lived' });
    const open = await createRequest(t.database.db, { projectId: project.id, statusId: 1 });
    const irb = await irbFile(researcher.id, project.id);
    expect((await remove(project.id, other.token)).statusCode).toBe(404);
    const response = await remove(project.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      msg: 'Project Deleted Successfully.',
      data: { id: project.id, portal_project_id: project.portalProjectId, title: 'Short-lived' },
    });
    expect((await get(`/api/project/${project.id}/`, admin)).statusCode).toBe(404);
    const db = t.database.db;
    expect(await db.select().from(requests).where(eq(requests.id, open.id))).toEqual([]);
    expect(await db.select().from(files).where(eq(files.id, irb.id))).toEqual([]);
    expect(
      await db.select().from(researchTeamMembers).where(eq(researchTeamMembers.projectId, project.id)),
    ).toEqual([]);
    const [deleted] = await db
      .select()
      .from(history)
      .where(
        and(
          eq(history.model, 'project'),
          eq(history.objectId, String(project.id)),
          eq(history.action, 'delete'),
        ),
      );
    expect(deleted).toMatchObject({ modifierId: researcher.id });
  });

  it('is not open to viewers', async () => {
    const project = await createProject(t.database.db, { ownerId: researcher.id });
    expect((await remove(project.id, reviewer)).statusCode).toBe(403);
    expect((await remove(project.id, admin)).statusCode).toBe(200);
  });
});

describe('projects: demo data', () => {
  it('gives the demo researcher two projects with IRB letters and a team, once', async () => {
    const { seedDemoData } = await import('../../db/seed');
    const seed = () =>
      seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda, t.app.demo.attachIrb);
    await seed();
    await seed();
    const token = await t.tokenFor('primary_researcher@demo.test', t.config.demoPassword);
    const mine = (await get('/api/project/?expand=latest_irb', token)).json();
    expect(mine.count).toBe(2);
    expect(mine.results.map((p: { irb_state: string }) => p.irb_state).sort()).toEqual([
      'near_expiry',
      'valid',
    ]);
    const sleep = mine.results.find((p: { irb_state: string }) => p.irb_state === 'valid');
    const irb = await t.app.inject({
      url: `/api/file/${sleep.latest_irb.id}/?base64=true`,
      headers: auth(token),
    });
    expect(Buffer.from(irb.json().base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const team = (await get(`/api/research-team/?project_id=${sleep.id}`, token)).json();
    expect(team.results.map((m: { user_role_name: string }) => m.user_role_name)).toEqual([
      'Primary Researcher',
      'Co-Investigator',
      'Collaborator',
    ]);
  });
});

describe('projects: global search', () => {
  it('finds projects by title or public id for staff only', async () => {
    const project = await createProject(t.database.db, {
      ownerId: researcher.id,
      title: 'Searchable zebrafish study',
    });
    const search = (q: string, token: string) =>
      t.app.inject({ url: `/api/search/?q=${encodeURIComponent(q)}`, headers: auth(token) });
    const byTitle = await search('zebrafish', reviewer);
    expect(byTitle.json().results).toContainEqual({
      id: project.id,
      display_name: `${project.portalProjectId} Searchable zebrafish study`,
      model: 'project',
    });
    expect((await search(project.portalProjectId, admin)).json().results).toContainEqual(
      expect.objectContaining({ id: project.id, model: 'project' }),
    );
    expect((await search('zebrafish', researcher.token)).statusCode).toBe(403);
  });
});

describe('projects: OpenAPI', () => {
  it('documents the project and research-team calls', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/project/', '/api/project/{id}/', '/api/research-team/']),
    );
    const params = document.paths['/api/project/'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['search', 'owner', 'id__in', 'expand', 'ordering']));
  });
});
