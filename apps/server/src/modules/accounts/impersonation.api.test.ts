import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ROLE_GRANT_MESSAGES } from '@rrp/domain';
import { groups, history, postLogs, userGroups } from '../../db/schema';
import { createDataset, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let address = 0;
const impersonate = (email: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/api-token-auth/',
    payload: { email, token },
    remoteAddress: `10.60.0.${(address += 1) % 250}`,
  });
const me = (token: string) => t.app.inject({ url: '/api/user/me/', headers: auth(token) });

/** A staff member's token and the token of their session as `email`. */
async function actingAs(staffRoles: Parameters<TestContext['createUser']>[0]['roles'], email: string) {
  const staff = await t.createUser({ roles: staffRoles });
  const staffToken = await t.tokenFor(staff.email);
  const started = await impersonate(email, staffToken);
  expect(started.statusCode, started.body).toBe(200);
  return { staff, staffToken, token: started.json<{ token: string }>().token };
}

/** The audit rows of a staff member's impersonation attempts, oldest first. */
const attemptsOf = (staffId: number) =>
  t.database.db
    .select()
    .from(history)
    .where(and(eq(history.model, 'impersonation'), eq(history.objectId, String(staffId))))
    .orderBy(asc(history.version));

describe('impersonation', () => {
  it('lets an administrator act as a researcher; history names both, and ending it leaves both sessions', async () => {
    const researcher = await t.createUser({ roles: ['primary_researcher'] });
    const { staff, staffToken, token } = await actingAs(['portal_admin'], researcher.email);
    expect((await me(token)).json()).toMatchObject({
      id: researcher.id,
      primary_role: 'primary_researcher',
      impersonator: { id: staff.id, email: staff.email, roles: ['portal_admin'] },
    });

    // Both may file a project: it is the researcher's, and history records who really acted.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project/',
      headers: auth(token),
      payload: { title: 'Filed while impersonated', abstract: 'A.', non_autism_research: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().owner).toBe(researcher.id);
    const [row] = await t.database.db
      .select()
      .from(history)
      .where(
        and(
          eq(history.model, 'project'),
          eq(history.objectId, String(created.json().id)),
          eq(history.action, 'create'),
        ),
      );
    expect(row).toMatchObject({ modifierId: researcher.id, impersonatorId: staff.id });

    // Exit: the client posts a log; logging out of the impersonation leaves both real sessions alive.
    const log = await t.app.inject({
      method: 'POST',
      url: '/api/post-log/',
      headers: auth(token),
      payload: { log: 'Impersonation ended' },
    });
    expect(log.statusCode).toBe(201);
    const logs = await t.database.db.select().from(postLogs).where(eq(postLogs.userId, researcher.id));
    expect(logs.map((l) => [l.log, l.impersonatorId])).toEqual([
      [`Impersonation started by ${staff.email}`, staff.id],
      ['Impersonation ended', staff.id],
    ]);
    await t.app.inject({ method: 'POST', url: '/api/logout/', headers: auth(token) });
    expect((await me(staffToken)).statusCode).toBe(200);
    expect((await me(await t.tokenFor(researcher.email))).statusCode).toBe(200);
  });

  it('holds no right once the account holds a role above the staff member (decisions 306, 330)', async () => {
    const researcher = await t.createUser({ roles: ['primary_researcher'] });
    const { token } = await actingAs(['portal_admin'], researcher.email);
    expect((await me(token)).statusCode).toBe(200);
    // The researcher is made an access administrator while the administrator acts as them.
    const [accessGroup] = await t.database.db.select().from(groups).where(eq(groups.name, 'access_admin'));
    await t.database.db.insert(userGroups).values({ userId: researcher.id, groupId: accessGroup!.id });
    const dataset = await createDataset(t.database.db, {
      name: 'Impersonation dataset',
      dataAccess: 's3://b/p/',
    });
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/datasetaccess/?role=access_admin',
      headers: auth(token),
      payload: { user: researcher.id, dataset: dataset.id, access_type: 'AWS', status: 'granted' },
    });
    expect(grant.statusCode).toBe(403);
    expect((await me(token)).statusCode).toBe(403);
  });

  it('refuses acting as an account holding a role the staff member may not grant (issue 29.2)', async () => {
    const admin = await t.createUser({ roles: ['portal_admin'] });
    const adminToken = await t.tokenFor(admin.email);
    for (const role of ['access_admin', 'portal_admin_lead', 'superuser'] as const) {
      const target = await t.createUser({ roles: ['primary_researcher', role] });
      const refused = await impersonate(target.email, adminToken);
      expect(refused.statusCode, role).toBe(400);
      expect(errorBody(refused).email, role).toHaveLength(1);
    }
    const accessTarget = await t.createUser({ roles: ['access_admin'] });
    expect(errorBody(await impersonate(accessTarget.email, adminToken))).toMatchObject({
      email: [ROLE_GRANT_MESSAGES.impersonationAbove('access_admin')],
    });
    // A role the administrator grants, and an account with no role, stay in reach.
    const reviewer = await t.createUser({ roles: ['portal_reviewer', 'rm_admin'] });
    expect((await impersonate(reviewer.email, adminToken)).statusCode).toBe(200);
    const roleless = await t.createUser({ roles: [] });
    expect((await impersonate(roleless.email, adminToken)).statusCode).toBe(200);
  });

  it('shows a superuser acting as a researcher the researcher’s own projects and requests (issue 30.2)', async () => {
    const researcher = await t.createUser({ roles: ['primary_researcher'] });
    const other = await t.createUser({ roles: ['primary_researcher'] });
    const project = await createProject(t.database.db, { ownerId: researcher.id, title: 'Own project' });
    await createRequest(t.database.db, { projectId: project.id, displayName: 'Own request' });
    await createProject(t.database.db, { ownerId: other.id, title: 'Another researcher’s project' });
    const { token } = await actingAs(['superuser'], researcher.email);
    const projects = await t.app.inject({ url: '/api/project/', headers: auth(token) });
    expect(projects.statusCode).toBe(200);
    expect(projects.json().results.map((row: { title: string }) => row.title)).toEqual(['Own project']);
    const requests = await t.app.inject({ url: '/api/request/', headers: auth(token) });
    expect(requests.statusCode).toBe(200);
    expect(requests.json().results.map((row: { display_name: string }) => row.display_name)).toEqual([
      'Own request',
    ]);
    const renewals = await t.app.inject({ url: '/api/renewal/', headers: auth(token) });
    expect(renewals.statusCode).toBe(200);
    // Still the researcher's session: no superuser screen comes along.
    const health = await t.app.inject({ url: '/api/health-check/?service=GPF', headers: auth(token) });
    expect(health.statusCode).toBe(403);
  });

  it('audits every attempt, refused or started, in the staff member’s history', async () => {
    const researcher = await t.createUser({ roles: ['primary_researcher'] });
    const superuser = await t.createUser({ roles: ['superuser'] });
    const admin = await t.createUser({ roles: ['portal_admin'] });
    const adminToken = await t.tokenFor(admin.email);

    expect(errorBody(await impersonate(superuser.email, adminToken))).toMatchObject({
      email: ['That user cannot be impersonated.'],
    });
    expect(errorBody(await impersonate('nobody@example.test', adminToken))).toMatchObject({
      email: ['No active user with that email.'],
    });
    expect((await impersonate(researcher.email, adminToken)).statusCode).toBe(200);
    expect((await attemptsOf(admin.id)).map((row) => [row.modifierId, row.action, row.data])).toEqual([
      [
        admin.id,
        'create',
        {
          user_id: superuser.id,
          email: superuser.email,
          outcome: 'refused',
          reason: 'That user cannot be impersonated.',
        },
      ],
      [
        admin.id,
        'create',
        {
          user_id: null,
          email: 'nobody@example.test',
          outcome: 'refused',
          reason: 'No active user with that email.',
        },
      ],
      [
        admin.id,
        'create',
        { user_id: researcher.id, email: researcher.email, outcome: 'started', reason: null },
      ],
    ]);

    // A role without the right is refused, and audited too.
    const reviewer = await t.createUser({ roles: ['portal_reviewer'] });
    expect((await impersonate(researcher.email, await t.tokenFor(reviewer.email))).statusCode).toBe(403);
    expect((await attemptsOf(reviewer.id)).map((row) => row.data)).toEqual([
      expect.objectContaining({ user_id: researcher.id, outcome: 'refused' }),
    ]);
    // A forged token names nobody to audit.
    expect((await impersonate(researcher.email, 'forged')).statusCode).toBe(400);
  });

  it('ends when the staff member logs out or loses the right to impersonate', async () => {
    const researcher = await t.createUser({ roles: ['primary_researcher'] });
    const first = await actingAs(['portal_admin'], researcher.email);
    await t.app.inject({ method: 'POST', url: '/api/logout/', headers: auth(first.staffToken) });
    expect((await me(first.token)).statusCode).toBe(401);

    const second = await actingAs(['portal_admin'], researcher.email);
    expect((await me(second.token)).statusCode).toBe(200);
    const [adminGroup] = await t.database.db.select().from(groups).where(eq(groups.name, 'portal_admin'));
    await t.database.db
      .delete(userGroups)
      .where(and(eq(userGroups.userId, second.staff.id), eq(userGroups.groupId, adminGroup!.id)));
    expect((await me(second.token)).statusCode).toBe(401);
  });
});
