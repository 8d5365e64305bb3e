import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { history, requestReviewers, researchTeamMembers } from '../../db/schema';
import { createRequest } from '../../db/factories';
import { auth, errorBody } from '../../../test/test-app';
import {
  accessAdmin,
  admin,
  colleague,
  colleagueRow,
  list,
  newProject,
  outsiderRow,
  owner,
  readOnly,
  save,
  setUpResearchTeamApi,
  stranger,
  t,
} from './research-team.api-test-setup';

setUpResearchTeamApi();

const historyCount = async (projectId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(history)
      .where(and(eq(history.model, 'project'), eq(history.objectId, String(projectId))))
  )[0]!.n;

describe('research team: save', () => {
  it('adds members, matching accounts by e-mail, with the PI row fixed first', async () => {
    const project = await newProject();
    const response = await save(project.id, [colleagueRow(), outsiderRow]);
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    expect(
      rows.map((r: { email: string; user_id: number | null; user_role: number; is_pi: boolean }) => [
        r.email,
        r.user_id,
        r.user_role,
        r.is_pi,
      ]),
    ).toEqual([
      [owner.email, owner.id, 1, true],
      [colleague.email, colleague.id, 2, false],
      ['outside@example.edu', null, 3, false],
    ]);
    expect(rows[1]).toMatchObject({
      project_id: project.id,
      user_role_name: 'Co-Investigator',
      globus_username: 'cole@globusid.org',
      active: true,
      removal_date: null,
    });
    // The colleague now sees the project.
    expect(
      (await t.app.inject({ url: `/api/project/${project.id}/`, headers: auth(colleague.token) })).statusCode,
    ).toBe(200);
  });

  it('writes nothing when the team did not change', async () => {
    const project = await newProject();
    await save(project.id, [colleagueRow(), outsiderRow]);
    const entries = await historyCount(project.id);
    const [before] = await t.database.db
      .select()
      .from(researchTeamMembers)
      .where(
        and(
          eq(researchTeamMembers.projectId, project.id),
          eq(researchTeamMembers.email, 'outside@example.edu'),
        ),
      );
    const again = await save(project.id, [
      outsiderRow,
      { ...colleagueRow(), email: colleague.email.toUpperCase() },
    ]);
    expect(again.statusCode).toBe(200);
    expect(await historyCount(project.id)).toBe(entries);
    const rows = await t.database.db
      .select()
      .from(researchTeamMembers)
      .where(eq(researchTeamMembers.projectId, project.id));
    expect(rows).toHaveLength(3);
    const after = rows.find((row) => row.id === before!.id)!;
    expect(after.email).toBe('outside@example.edu');
    expect(after.modified).toEqual(before!.modified);
  });

  it('updates a member in place, toggles access and records it on the project', async () => {
    const project = await newProject();
    const saved = (await save(project.id, [colleagueRow()])).json();
    const entries = await historyCount(project.id);
    const response = await save(project.id, [
      { ...colleagueRow(), id: saved[1].id, user_role: 7, active: false },
    ]);
    expect(response.json()[1]).toMatchObject({
      id: saved[1].id,
      user_role: 7,
      user_role_name: 'Biostatistician',
      active: false,
    });
    expect(await historyCount(project.id)).toBe(entries + 1);
    const [latest] = (
      await t.app.inject({ url: `/api/history/?pk=${project.id}&model=project`, headers: auth(owner.token) })
    ).json().results;
    expect(latest.changed_fields).toEqual(['team']);
  });

  it('removes members left out (kept for staff with a removal date) and never the PI', async () => {
    const project = await newProject();
    await save(project.id, [colleagueRow(), outsiderRow]);
    const response = await save(project.id, [outsiderRow]);
    expect(response.json().map((r: { email: string }) => r.email)).toEqual([
      owner.email,
      'outside@example.edu',
    ]);
    const staffView = (await list(project.id, admin)).json().results;
    expect(staffView).toHaveLength(3);
    expect(staffView.find((r: { email: string }) => r.email === colleague.email).removal_date).toEqual(
      expect.any(String),
    );
    expect((await list(project.id)).json().results).toHaveLength(2);
    expect(
      (await t.app.inject({ url: `/api/project/${project.id}/`, headers: auth(colleague.token) })).statusCode,
    ).toBe(404);
    // Saving an empty team keeps the PI; adding the colleague back makes a new row.
    expect((await save(project.id, [])).json().map((r: { email: string }) => r.email)).toEqual([owner.email]);
    const back = await save(project.id, [colleagueRow()]);
    expect(back.json()[1].id).not.toBe(
      staffView.find((r: { email: string }) => r.email === colleague.email).id,
    );
  });

  it('recognises a member who registers after being added', async () => {
    const project = await newProject();
    await save(project.id, [{ ...outsiderRow, email: 'later@example.edu' }]);
    const later = await t.createUser({ roles: ['primary_researcher'], email: 'Later@example.edu' });
    const token = await t.tokenFor(later.email);
    expect(
      (await t.app.inject({ url: `/api/project/${project.id}/`, headers: auth(token) })).statusCode,
    ).toBe(200);
    const rows = (await list(project.id)).json().results;
    expect(rows[1]).toMatchObject({ email: 'later@example.edu', user_id: later.id });
    expect(rows[1].warnings).not.toContain('inactive');
  });

  it('lets two members swap e-mail addresses in one save', async () => {
    const project = await newProject();
    const saved = (await save(project.id, [colleagueRow(), outsiderRow])).json();
    const [, a, b] = saved;
    const swapped = await save(project.id, [
      { ...colleagueRow(), id: a.id, email: b.email },
      { ...outsiderRow, id: b.id, email: a.email },
    ]);
    expect(swapped.statusCode).toBe(200);
    const byId = Object.fromEntries(
      swapped.json().map((r: { id: number; email: string }) => [r.id, r.email]),
    );
    expect(byId[a.id]).toBe(b.email);
    expect(byId[b.id]).toBe(a.email);
  });

  it('ignores changes to the PI row and reserves the PI role', async () => {
    const project = await newProject();
    const pi = { email: owner.email, first_name: 'Changed', last_name: 'Name', user_role: 4, active: false };
    const response = await save(project.id, [pi]);
    expect(response.json()).toEqual([
      expect.objectContaining({ email: owner.email, first_name: 'Olive', user_role: 1, active: true }),
    ]);
    const second = await save(project.id, [{ ...outsiderRow, user_role: 1 }]);
    expect(errorBody(second)).toMatchObject({
      team: ['Only the Principal Investigator can have the Primary Researcher role.'],
    });
  });

  it('keeps the first of rows with the same e-mail', async () => {
    const project = await newProject();
    const response = await save(project.id, [
      outsiderRow,
      { ...outsiderRow, email: 'OUTSIDE@example.edu', first_name: 'Twin' },
    ]);
    expect(response.json().map((r: { first_name: string }) => r.first_name)).toEqual(['Olive', 'Out']);
  });

  it('refuses bad e-mails, Globus ids, roles and institutions with the spec messages, changing nothing', async () => {
    const project = await newProject();
    await save(project.id, [outsiderRow]);
    const entries = await historyCount(project.id);
    const bad = await save(project.id, [
      { ...outsiderRow, email: 'nope' },
      { ...colleagueRow(), globus_username: 'not a globus id' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).team).toEqual(
      expect.arrayContaining(['Please enter a valid email address.', 'Not a valid Globus Id or Username']),
    );
    const role = await save(project.id, [{ ...outsiderRow, user_role: 9 }]);
    expect(errorBody(role)).toMatchObject({ team: ['Please choose a role.'] });
    const institution = await save(project.id, [{ ...outsiderRow, institution: 987654 }]);
    expect(errorBody(institution)).toMatchObject({ team: ['Please choose an institution from the list.'] });
    expect((await list(project.id)).json().results.map((r: { email: string }) => r.email)).toEqual([
      owner.email,
      'outside@example.edu',
    ]);
    expect(await historyCount(project.id)).toBe(entries);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/research-team/',
      headers: auth(owner.token),
      payload: { project_id: 987654, team: [] },
    });
    expect(errorBody(missing)).toMatchObject({ project_id: ['Project not found.'] });
  });

  it('lets the owner, admins and access admins edit the team; hides it from strangers', async () => {
    const project = await newProject();
    expect((await save(project.id, [outsiderRow], accessAdmin)).statusCode).toBe(200);
    expect((await save(project.id, [outsiderRow, colleagueRow()], admin)).statusCode).toBe(200);
    expect((await save(project.id, [], readOnly)).statusCode).toBe(403);
    expect((await save(project.id, [], stranger)).statusCode).toBe(404);
    // A team member may read the team but not edit it.
    expect((await save(project.id, [], colleague.token)).statusCode).toBe(403);
    expect((await list(project.id, colleague.token)).json().count).toBe(3);
    expect((await list(project.id, stranger)).json().count).toBe(0);
  });
});

describe('research team: reviewers (decision 119)', () => {
  it('lets a reviewer edit the team of a project they review a request of, and no other', async () => {
    const reviewer = await t.createUser({ roles: ['portal_reviewer'] });
    const reviewerToken = await t.tokenFor(reviewer.email);
    const reviewed = await newProject();
    const request = await createRequest(t.database.db, { projectId: reviewed.id, statusId: 2 });
    await t.database.db.insert(requestReviewers).values({ requestId: request.id, userId: reviewer.id });
    const other = await newProject();
    await createRequest(t.database.db, { projectId: other.id, statusId: 2 });

    // Not assigned to any of its requests: the team is read-only to them, as it used to not be.
    const refused = await save(other.id, [outsiderRow], reviewerToken);
    expect(refused.statusCode).toBe(403);
    expect(
      await t.database.db
        .select()
        .from(researchTeamMembers)
        .where(eq(researchTeamMembers.projectId, other.id)),
    ).toHaveLength(1);
    const project = (p: number) => t.app.inject({ url: `/api/project/${p}/`, headers: auth(reviewerToken) });
    expect((await project(other.id)).json().team_permissions).toEqual(['list', 'read']);
    expect((await list(other.id, reviewerToken)).json().results[0].warnings).toEqual([]);

    expect((await save(reviewed.id, [outsiderRow], reviewerToken)).statusCode).toBe(200);
    expect((await project(reviewed.id)).json().team_permissions).toEqual(['list', 'read', 'update']);
    const rows = (await list(reviewed.id, reviewerToken)).json().results;
    expect(rows.find((r: { email: string }) => r.email === 'outside@example.edu').warnings).toContain(
      'inactive',
    );
  });
});
