import { beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, createProject, createRequest } from '../../db/factories';
import {
  setUpRequestsApi,
  t,
  viewer,
  sbso,
  researcher,
  teammate,
  other,
  projectId,
  otherProjectId,
  ds,
  db,
  attachIrb,
  post,
  get,
  datasetRequest,
} from './requests.api-test-setup';

setUpRequestsApi();
// The cohort filter is checked against a request of cohort 2, as the create tests filed before this file was split off.
beforeAll(async () => {
  await post(datasetRequest({ datasets: [ds.plain, ds.second] }));
});

describe('requests: read and list', () => {
  let mine: number;
  let othersRequest: number;
  beforeAll(async () => {
    mine = (
      await createRequest(db(), {
        projectId,
        statusId: 3,
        displayName: 'Listed Resource',
        submissionDate: new Date('2030-01-02T00:00:00Z'),
      })
    ).id;
    othersRequest = (
      await createRequest(db(), {
        projectId: otherProjectId,
        statusId: 2,
        displayName: 'Hidden Resource',
        submissionDate: new Date('2030-01-03T00:00:00Z'),
      })
    ).id;
  });

  it('shows researchers their own and their teams’ requests, newest submission first', async () => {
    const response = await get('/api/request/?status__in=2,3&limit=100');
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().results.map((row: { id: number }) => row.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(othersRequest);
    const dates = response
      .json()
      .results.map((row: { submission_date: string | null }) => row.submission_date);
    expect(dates[0]).toBe('2030-01-02T00:00:00.000Z');
    // The teammate sees the project's requests too, read-only.
    const team = await get(`/api/request/${mine}/`, teammate.token);
    expect(team.statusCode).toBe(200);
    expect(team.json().permissions).toEqual(expect.arrayContaining(['list', 'read']));
    expect(team.json().permissions).not.toContain('update');
    expect(team.json().permissions).not.toContain('delete');
    expect((await get(`/api/request/${othersRequest}/`)).statusCode).toBe(404);
    // The count is the page's own (narrow scope), and still told past the last page.
    const everything = (await get('/api/request/?limit=1000')).json();
    expect(everything.count).toBe(everything.results.length);
    expect((await get('/api/request/?limit=1')).json().count).toBe(everything.count);
    const past = await get(`/api/request/?offset=${everything.count + 5}`);
    expect(past.json()).toMatchObject({ count: everything.count, results: [] });
  });

  it('shows staff every request, with filters, search and ordering', async () => {
    const all = await get('/api/request/?limit=1000', viewer);
    expect(all.json().results.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining([mine, othersRequest]),
    );
    const byOwner = await get(`/api/request/?owner=${other.id}`, viewer);
    expect(byOwner.json().results.every((row: { owner: { id: number } }) => row.owner.id === other.id)).toBe(
      true,
    );
    const search = await get('/api/request/?search=hidden', viewer);
    expect(search.json().results.map((row: { id: number }) => row.id)).toEqual([othersRequest]);
    const byType = await get('/api/request/?type=2&limit=1000', viewer);
    expect(byType.json().results.every((row: { type: number }) => row.type === 2)).toBe(true);
    const byCohort = await get('/api/request/?cohort=2&limit=1000', viewer);
    expect(byCohort.json().count).toBeGreaterThan(0);
    expect(
      byCohort
        .json()
        .results.every((row: { cohorts: { id: number }[] }) => row.cohorts.some((c) => c.id === 2)),
    ).toBe(true);
    const byTeam = await get(`/api/request/?project__userproject__user=${teammate.id}&limit=1000`, viewer);
    expect(byTeam.json().results.every((row: { project: number }) => row.project === projectId)).toBe(true);
    const ordered = await get('/api/request/?ordering=portal_request_id&limit=1000', viewer);
    const publicIds = ordered
      .json()
      .results.map((row: { portal_request_id: string }) => row.portal_request_id);
    expect(publicIds).toEqual([...publicIds].sort());
  });

  it('answers 400 for unknown filters, orderings, expansions and bad values', async () => {
    expect((await get('/api/request/?colour=red')).statusCode).toBe(400);
    expect((await get('/api/request/?ordering=colour')).statusCode).toBe(400);
    expect((await get('/api/request/?status=abc')).statusCode).toBe(400);
    expect((await get(`/api/request/${mine}/?expand=colour`)).statusCode).toBe(400);
  });

  it('refuses signing officials and visitors', async () => {
    expect((await get('/api/request/', sbso)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/request/' })).statusCode).toBe(401);
  });

  it('filters by team list user and by dataset, and documents the calls in OpenAPI', async () => {
    const created = await post(
      datasetRequest({ datasets: [ds.second], access_control_list: [{ user_id: teammate.id }] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const byUser = await get(`/api/request/?users=${teammate.id}&limit=1000`, viewer);
    expect(byUser.json().results.map((row: { id: number }) => row.id)).toContain(id);
    expect(
      byUser
        .json()
        .results.every((row: { access_control_list: { user_id: number }[] }) =>
          row.access_control_list.some((entry) => entry.user_id === teammate.id),
        ),
    ).toBe(true);
    const byDataset = await get(`/api/request/?datasets=${ds.second}&limit=1000&expand=datasets`, viewer);
    expect(byDataset.json().results.map((row: { id: number }) => row.id)).toContain(id);
    expect(
      byDataset
        .json()
        .results.every((row: { datasets: { id: number }[] }) => row.datasets.some((d) => d.id === ds.second)),
    ).toBe(true);
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/request/', '/api/request/{id}/', '/api/validateSamples/']),
    );
    const params = document.paths['/api/request/'].get.parameters.map(
      (param: { name: string }) => param.name,
    );
    expect(params).toEqual(
      expect.arrayContaining(['type', 'status__in', 'owner', 'project', 'cohort', 'search']),
    );
  });

  it('flags a team not ready and an IRB uploaded after the submission', async () => {
    const project = await createProject(db(), { ownerId: researcher.id });
    await addTeamMember(db(), {
      projectId: project.id,
      email: 'no-account-yet@example.test',
      firstName: 'Nora',
      lastName: 'Newcomer',
    });
    const request = await createRequest(db(), {
      projectId: project.id,
      statusId: 2,
      submissionDate: new Date(Date.now() - 86_400_000),
    });
    const before = (await get(`/api/request/${request.id}/`)).json();
    expect(before).toMatchObject({ research_team_ready: false, has_new_irb: false });
    await attachIrb(project.id, researcher.id, 300);
    expect((await get(`/api/request/${request.id}/`)).json().has_new_irb).toBe(true);
    // The member's e-mail now has an account (the row is not linked yet): the team is ready.
    await t.createUser({ roles: ['primary_researcher'], email: 'No-Account-Yet@example.test' });
    expect((await get(`/api/request/${request.id}/`)).json().research_team_ready).toBe(true);
  });

  it('flags a project with an approved request and a first request', async () => {
    const project = await createProject(db(), { ownerId: researcher.id });
    const first = await createRequest(db(), { projectId: project.id, statusId: 4 });
    const second = await createRequest(db(), { projectId: project.id, statusId: 2 });
    const a = (await get(`/api/request/${first.id}/`)).json();
    const b = (await get(`/api/request/${second.id}/`)).json();
    expect(a).toMatchObject({ first_req_on_project: true, project_has_approved_req: false });
    expect(b).toMatchObject({ first_req_on_project: false, project_has_approved_req: true });
  });
});

describe('requests: history', () => {
  it("lets the owner read their request's audit trail, not strangers", async () => {
    const id = (await post(datasetRequest())).json().id as number;
    const mine = await get(`/api/history/?model=request&pk=${id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().results.length).toBeGreaterThan(0);
    expect((await get(`/api/history/?model=request&pk=${id}`, other.token)).statusCode).not.toBe(200);
  });
});
