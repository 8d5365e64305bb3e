import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLE_GRANT_MESSAGES } from '@rrp/domain';
import { history } from '../../db/schema';
import { auth, errorBody } from '../../../test/test-app';
import {
  t,
  accessAdmin,
  approvedId,
  otherApprovedId,
  rejectedId,
  call,
  setUpUserAdminApi,
} from './user-admin.api-test-setup';

setUpUserAdminApi();

describe('PATCH user/{id}/ (admin edit)', () => {
  it('changes roles, institutions, Globus id, user type and comments in one audited change; the e-mail waits for confirmation', async () => {
    const target = await t.createUser({ roles: ['primary_researcher'], institutionId: approvedId });
    const patched = await call('PATCH', `/api/user/${target.id}/`, accessAdmin.token, {
      first_name: 'Grace',
      email: 'grace.edited@example.test',
      groups: ['primary_researcher', 'pi_sbso'],
      institutions: [otherApprovedId, approvedId],
      profile: { globus_username: '6f1b8e3c-5f8b-4b0e-9c1a-2d3e4f5a6b7c' },
      additional_data: { user_type: 'Reviewer' },
      comments: 'Moved to Second Form U.',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      first_name: 'Grace',
      // Until the link sent to the new address is followed (decision 307).
      email: target.email,
      pending_email: 'grace.edited@example.test',
      roles: ['pi_sbso', 'primary_researcher'],
      globus_username: '6f1b8e3c-5f8b-4b0e-9c1a-2d3e4f5a6b7c',
      additional_data: { user_type: 'Reviewer' },
      comments: 'Moved to Second Form U.',
    });
    const links = patched.json().user_institutions;
    expect(
      links.map((link: { institution: number; primary: boolean }) => [link.institution, link.primary]),
    ).toEqual([
      [otherApprovedId, true],
      [approvedId, false],
    ]);
    const [row] = await t.database.db
      .select()
      .from(history)
      .where(
        sql`${history.model} = 'user' and ${history.objectId} = ${String(target.id)} and ${history.action} = 'update'`,
      );
    expect(row!.changedFields).toEqual(
      expect.arrayContaining([
        'additionalData',
        'comments',
        'pendingEmail',
        'firstName',
        'globusUsername',
        'roles',
        'institutions',
      ]),
    );

    // Taking an institution off ends that affiliation, with a reason.
    const removed = await call('PATCH', `/api/user/${target.id}/`, accessAdmin.token, {
      institutions: [otherApprovedId],
    });
    expect(removed.json().user_institutions).toMatchObject([
      { institution: otherApprovedId, primary: true, removal_reason: null },
      { institution: approvedId, primary: false, removal_reason: 'Removed by staff' },
    ]);
  });

  it('refuses exclusive roles, one’s own roles, a taken e-mail and a bad institution, changing nothing', async () => {
    const target = await t.createUser({ roles: ['primary_researcher'] });
    const other = await t.createUser({ roles: ['primary_researcher'] });
    const refused = await call('PATCH', `/api/user/${target.id}/`, accessAdmin.token, {
      first_name: 'Changed',
      groups: ['primary_researcher', 'sbso'],
      email: other.email.toUpperCase(),
      institutions: [rejectedId],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused)).toMatchObject({
      groups: [ROLE_GRANT_MESSAGES.exclusive('primary_researcher', 'sbso')],
      email: ['A user with that email already exists.'],
      institutions: ['Please select an institution'],
    });
    const after = (await call('GET', `/api/user/${target.id}/`, accessAdmin.token)).json();
    expect(after.first_name).not.toBe('Changed');
    expect(after.roles).toEqual(['primary_researcher']);

    const own = await call('PATCH', `/api/user/${accessAdmin.id}/`, accessAdmin.token, {
      groups: ['access_admin', 'portal_admin'],
    });
    expect(errorBody(own).groups).toEqual([ROLE_GRANT_MESSAGES.ownRoles]);
    const superTarget = await t.createUser({ roles: ['superuser'] });
    const demote = await call('PATCH', `/api/user/${superTarget.id}/`, accessAdmin.token, { groups: [] });
    expect(demote.statusCode).toBe(403);
    expect(errorBody(demote).detail).toBe(ROLE_GRANT_MESSAGES.accountAbove('superuser'));
  });

  it('deactivates and reactivates an account: audited, and a deactivated user is signed out', async () => {
    const target = await t.createUser({ roles: ['primary_researcher'] });
    const targetToken = await t.tokenFor(target.email);
    const off = await call('PATCH', `/api/user/${target.id}/`, accessAdmin.token, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await t.app.inject({ url: '/api/user/me/', headers: auth(targetToken) })).statusCode).toBe(401);
    const on = await call('PATCH', `/api/user/${target.id}/`, accessAdmin.token, { active: true });
    expect(on.json().active).toBe(true);
    const rows = await t.database.db
      .select({ data: history.data })
      .from(history)
      .where(
        sql`${history.model} = 'user' and ${history.objectId} = ${String(target.id)} and ${history.action} = 'update'`,
      );
    expect(rows.map((row) => (row.data as { isActive: boolean }).isActive)).toEqual([false, true]);
    const self = await call('PATCH', `/api/user/${accessAdmin.id}/`, accessAdmin.token, { active: false });
    expect(errorBody(self).active).toEqual(['You cannot deactivate your own account.']);
  });

  it('keeps users to their own profile: admin fields are a 403, another user’s record a 404', async () => {
    const researcher = await t.createUser({ roles: ['primary_researcher'] });
    const token = await t.tokenFor(researcher.email);
    const ownRoles = await call('PATCH', `/api/user/${researcher.id}/`, token, { groups: ['portal_admin'] });
    expect(ownRoles.statusCode).toBe(403);
    const ownActive = await call('PATCH', `/api/user/${researcher.id}/`, token, { comments: 'me' });
    expect(ownActive.statusCode).toBe(403);
    const ownTitle = await call('PATCH', `/api/user/${researcher.id}/`, token, { title: 'Dr' });
    expect(ownTitle.statusCode).toBe(200);
    const other = await t.createUser({ roles: ['primary_researcher'] });
    expect((await call('GET', `/api/user/${other.id}/`, token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/user/${other.id}/`, token, { title: 'X' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/user/${other.id}/`, token, { groups: [] })).statusCode).toBe(404);
    expect((await call('GET', '/api/user/99999/', accessAdmin.token)).statusCode).toBe(404);
  });
});
