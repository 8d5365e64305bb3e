import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ROLE_GRANT_MESSAGES } from '@rrp/domain';
import { groups, history, postLogs, userGroups } from '../../db/schema';
import { createDataset } from '../../db/factories';
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

  it('lends no right the impersonator lacks: a superuser acting as an access administrator cannot grant dataset access (issue 13.2)', async () => {
    const researcher = await t.createUser({ roles: ['primary_researcher'] });
    const dataset = await createDataset(t.database.db, {
      name: 'Impersonation dataset',
      dataAccess: 's3://b/p/',
    });
    const grant = { user: researcher.id, dataset: dataset.id, access_type: 'AWS', status: 'granted' };
    const post = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/datasetaccess/', headers: auth(token), payload: grant });
    const accessAdmin = await t.createUser({ roles: ['access_admin'] });

    // A superuser may act as anyone but holds no dataset-access right: the session holds none either.
    const { staffToken, token } = await actingAs(['superuser'], accessAdmin.email);
    expect((await post(staffToken)).statusCode).toBe(403);
    expect((await post(token)).statusCode).toBe(403);
    // What both may do still works: both administer users.
    const list = await t.app.inject({ url: '/api/user/', headers: auth(token) });
    expect(list.statusCode).toBe(200);
    // The access administrator themself may make the same call.
    expect((await post(await t.tokenFor(accessAdmin.email))).statusCode).toBe(201);
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

  it('bounds a superuser acting as a researcher by what superusers may see', async () => {
    const researcher = await t.createUser({ roles: ['primary_researcher'] });
    const { token } = await actingAs(['superuser'], researcher.email);
    expect((await me(token)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/notification/', headers: auth(token) })).statusCode).toBe(200);
    // Superusers see no projects and no requests (they administer users, decision 143).
    expect((await t.app.inject({ url: '/api/project/', headers: auth(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/request/', headers: auth(token) })).statusCode).toBe(403);
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
