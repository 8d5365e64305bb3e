import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { history, requestMembers, researchTeamMembers } from '../../db/schema';
import { createRequest } from '../../db/factories';
import { issueOneTimeToken } from '../../platform/auth/one-time-tokens';
import { auth } from '../../../test/test-app';
import {
  accessAdmin,
  colleague,
  colleagueRow,
  list,
  newProject,
  outsiderRow,
  owner,
  readOnly,
  save,
  setUpResearchTeamApi,
  t,
} from './research-team.api-test-setup';

setUpResearchTeamApi();

describe('research team: warnings', () => {
  it('flags missing IRB, accounts, joinder and agreements for the owner and staff only', async () => {
    const project = await newProject();
    await save(project.id, [colleagueRow(), outsiderRow]);
    const rows = (await list(project.id, owner.token, '&expand=institution')).json().results;
    const byEmail = Object.fromEntries(
      rows.map((r: { email: string; warnings: string[] }) => [r.email, r.warnings]),
    );
    // Test University has no RDA; the colleague signed the joinder (test users do); the outsider has no account.
    expect(byEmail[colleague.email]).toEqual(['missing_irb', 'no_agreement']);
    expect(byEmail['outside@example.edu']).toEqual([
      'missing_irb',
      'inactive',
      'no_institution',
      'no_joinder',
    ]);
    expect(rows[1]).toMatchObject({ joinder_date: expect.any(String), verified: true, current_rda: null });
    const staff = (await list(project.id, accessAdmin)).json().results;
    expect(staff[2].warnings).toEqual(byEmail['outside@example.edu']);
    const asMember = (await list(project.id, colleague.token)).json().results;
    expect(asMember.every((r: { warnings: string[] }) => r.warnings.length === 0)).toBe(true);
    const asViewer = (await list(project.id, readOnly)).json().results;
    expect(asViewer.every((r: { warnings: string[] }) => r.warnings.length === 0)).toBe(true);
  });

  it('flags an RDA that is not fully executed', async () => {
    const { institution, official } = await t.institutionWithOfficial('Warning Institute');
    void official;
    const member = await t.createUser({ roles: ['primary_researcher'], institutionId: institution.id });
    const project = await newProject();
    const rows = (
      await save(project.id, [
        {
          email: member.email,
          first_name: 'M',
          last_name: 'Ember',
          user_role: 5,
          institution: institution.id,
        },
      ])
    ).json();
    expect(rows[1]).toMatchObject({
      institution: { id: institution.id, name: 'Warning Institute' },
      current_rda: 1,
    });
    expect(rows[1].warnings).toEqual(['missing_irb', 'rda_not_executed']);
  });
});

describe('research team: members who register later (decision 092)', () => {
  const verify = async (email: string) => {
    const user = await t.createUser({ roles: ['primary_researcher'], email, verified: false });
    const token = await issueOneTimeToken(t.database.db, user.id, 'verify-email');
    const verified = await t.app.inject({ url: `/api/verify-user/?token=${token}` });
    expect(verified.statusCode, verified.body).toBe(200);
    return user;
  };
  const accessOf = async (requestId: number) =>
    (await t.database.db.select().from(requestMembers).where(eq(requestMembers.requestId, requestId))).map(
      (row) => row.userId,
    );

  it('puts a verified newcomer on the requests filed since they joined, with history', async () => {
    const project = await newProject();
    const before = await createRequest(t.database.db, { projectId: project.id, statusId: 2 });
    const saved = await save(project.id, [
      { email: 'Newcomer@Example.edu', first_name: 'Lee', last_name: 'Later', user_role: 4 },
      { email: 'off@example.edu', first_name: 'Otto', last_name: 'Off', user_role: 5, active: false },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const filed = await createRequest(t.database.db, { projectId: project.id, statusId: 2 });
    const draft = await createRequest(t.database.db, { projectId: project.id, statusId: 1 });
    const withdrawn = await createRequest(t.database.db, { projectId: project.id, statusId: 11 });
    const otherProject = await createRequest(t.database.db, {
      projectId: (await newProject()).id,
      statusId: 2,
    });

    const later = await verify('newcomer@example.edu');
    expect(await accessOf(filed.id)).toEqual([later.id]);
    expect(await accessOf(draft.id)).toEqual([later.id]);
    expect(await accessOf(before.id)).toEqual([]);
    expect(await accessOf(withdrawn.id)).toEqual([]);
    expect(await accessOf(otherProject.id)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(researchTeamMembers)
      .where(
        and(
          eq(researchTeamMembers.projectId, project.id),
          eq(researchTeamMembers.email, 'Newcomer@Example.edu'),
        ),
      );
    expect(row!.userId).toBe(later.id);
    const [entry] = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'request'), eq(history.objectId, String(filed.id))))
      .orderBy(desc(history.version))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'update',
      changedFields: ['access_control_list'],
      modifierId: null,
    });
    // The owner sees the newcomer on the request's access list.
    const detail = await t.app.inject({ url: `/api/request/${filed.id}/`, headers: auth(owner.token) });
    expect(detail.json().access_control_list.map((item: { user_id: number }) => item.user_id)).toContain(
      later.id,
    );

    // A member whose access is switched off is linked, but gets no request.
    const off = await verify('off@example.edu');
    expect(await accessOf(filed.id)).toEqual([later.id]);
    const [offRow] = await t.database.db
      .select()
      .from(researchTeamMembers)
      .where(eq(researchTeamMembers.email, 'off@example.edu'));
    expect(offRow!.userId).toBe(off.id);
  });

  it('leaves removed members and people on no team alone', async () => {
    const project = await newProject();
    await save(project.id, [
      { email: 'gone@example.edu', first_name: 'Gus', last_name: 'Gone', user_role: 3 },
    ]);
    await save(project.id, []);
    const filed = await createRequest(t.database.db, { projectId: project.id, statusId: 2 });
    await verify('gone@example.edu');
    await verify('nobody-team@example.edu');
    expect(await accessOf(filed.id)).toEqual([]);
  });
});
