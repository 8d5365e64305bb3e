import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { files, history, projects, researchTeamMembers } from '../../db/schema';
import { addTeamMember, createProject } from '../../db/factories';
import { auth, errorBody } from '../../../test/test-app';
import {
  admin,
  day,
  get,
  irbFile,
  other,
  post,
  researcher,
  reviewer,
  setUpProjectsApi,
  t,
  valid,
} from './projects.api-test-setup';

setUpProjectsApi();

const projectCount = async () => (await t.database.db.select({ n: count() }).from(projects))[0]!.n;

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
