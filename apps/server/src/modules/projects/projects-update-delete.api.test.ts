import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { files, history, requests, researchTeamMembers } from '../../db/schema';
import { addTeamMember, createProject, createRequest } from '../../db/factories';
import { auth, errorBody } from '../../../test/test-app';
import {
  admin,
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

const patch = (id: number, payload: object, token = researcher.token) =>
  t.app.inject({ method: 'PATCH', url: `/api/project/${id}/`, headers: auth(token), payload });
const remove = (id: number, token = researcher.token) =>
  t.app.inject({ method: 'DELETE', url: `/api/project/${id}/`, headers: auth(token) });

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
