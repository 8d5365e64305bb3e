import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLE_GRANT_MESSAGES, ROLE_KEYS, rolesConflict, type RoleKey } from '@rrp/domain';
import { emailLogs, history } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import {
  t,
  smtp,
  accessAdmin,
  superuser,
  approvedId,
  rejectedId,
  call,
  newUser,
  userCount,
  linkSentTo,
  setUpUserAdminApi,
} from './user-admin.api-test-setup';

setUpUserAdminApi();

describe('POST user/ (the admin user form)', () => {
  it('creates a user with compatible roles, an institution and the form’s fields; the user sets a password from the e-mail and signs in', async () => {
    const created = await call(
      'POST',
      '/api/user/',
      accessAdmin.token,
      newUser('Ada.New@Example.test', {
        title: 'Professor',
        groups: ['primary_researcher', 'pi_sbso'],
        institution: approvedId,
        profile: { globus_username: 'ada@globusid.org' },
        additional_data: { user_type: 'Researcher' },
        comments: 'Met at the annual meeting.',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'Ada.New@Example.test',
      title: 'Professor',
      roles: ['pi_sbso', 'primary_researcher'],
      primary_role: 'primary_researcher',
      verified: false,
      password_set: false,
      created_by: accessAdmin.id,
      profile: { globus_username: 'ada@globusid.org' },
      additional_data: { user_type: 'Researcher' },
      comments: 'Met at the annual meeting.',
      user_institutions: [
        { institution: approvedId, institution_name: 'Admin Form U', primary: true, verified: false },
      ],
    });
    const [created_history] = await t.database.db
      .select()
      .from(history)
      .where(sql`${history.model} = 'user' and ${history.objectId} = ${String(user.id)}`);
    expect(created_history).toMatchObject({ action: 'create', modifierId: accessAdmin.id });

    const token = await linkSentTo('Ada.New@Example.test', /http:\/\/portal\.test\/reset-password\/(\S+)/);
    const [log] = await t.database.db
      .select()
      .from(emailLogs)
      .where(sql`'Ada.New@Example.test' = any(${emailLogs.to})`);
    expect(log).toMatchObject({ template: 'account-created', status: 'sent' });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { password: 'Brand-New-Pass-1!', confirm_password: 'Brand-New-Pass-1!', token },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/api-token-auth/',
      payload: { email: 'ada.new@example.test', password: 'Brand-New-Pass-1!', agreed_to_terms: true },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('serves POST user/create_user/ the same way', async () => {
    const created = await call(
      'POST',
      '/api/user/create_user/',
      superuser,
      newUser('create.user@example.test'),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email: 'create.user@example.test', roles: [] });
    await linkSentTo('create.user@example.test', /reset-password\/(\S+)/);
  });

  const exclusivePairs = ROLE_KEYS.flatMap((a, i) =>
    ROLE_KEYS.slice(i + 1)
      .filter((b) => rolesConflict(a, b))
      .map((b) => [a, b] as [RoleKey, RoleKey]),
  );

  it('walks every pair of exclusive roles (nine in foundation §5)', () => {
    expect(exclusivePairs).toHaveLength(9);
  });

  it.each(exclusivePairs)(
    'refuses %s with %s on the groups field, naming both, saving nothing',
    async (a, b) => {
      const before = await userCount();
      const refused = await call(
        'POST',
        '/api/user/',
        superuser,
        newUser(`pair-${a}-${b}@example.test`, { groups: [a, b] }),
      );
      expect(refused.statusCode).toBe(400);
      expect(errorBody(refused).groups).toEqual([ROLE_GRANT_MESSAGES.exclusive(a, b)]);
      expect(await userCount()).toBe(before);
      expect(smtp.inbox).toHaveLength(0);
    },
  );

  it('refuses unknown roles and roles the caller may not grant; a superuser grants superuser', async () => {
    const unknown = await call(
      'POST',
      '/api/user/',
      superuser,
      newUser('unknown-role@example.test', { groups: ['root'] }),
    );
    expect(errorBody(unknown).groups).toEqual([ROLE_GRANT_MESSAGES.unknownRole('root')]);
    const notGrantable = await call(
      'POST',
      '/api/user/',
      accessAdmin.token,
      newUser('want-super@example.test', { groups: ['superuser'] }),
    );
    expect(errorBody(notGrantable).groups).toEqual([ROLE_GRANT_MESSAGES.notGrantable('superuser')]);
    const granted = await call(
      'POST',
      '/api/user/',
      superuser,
      newUser('new-super@example.test', { groups: ['superuser'] }),
    );
    expect(granted.statusCode).toBe(201);
    expect(granted.json().roles).toEqual(['superuser']);
  });

  it('refuses names over 30 characters, a taken e-mail, a bad Globus id and a bad institution, per field', async () => {
    const existing = await t.createUser({ roles: ['primary_researcher'], email: 'taken@example.test' });
    const before = await userCount();
    const refused = await call('POST', '/api/user/', accessAdmin.token, {
      first_name: 'A'.repeat(31),
      last_name: 'B'.repeat(31),
      email: 'new-form@example.test',
      profile: { globus_username: 'not a globus id' },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused)).toMatchObject({
      first_name: ['Ensure this field has no more than 30 characters.'],
      last_name: ['Ensure this field has no more than 30 characters.'],
      profile: ['Not a valid Globus Id or Username'],
    });
    const missing = await call('POST', '/api/user/', accessAdmin.token, { email: 'x@example.test' });
    expect(errorBody(missing)).toMatchObject({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
    });
    const taken = await call(
      'POST',
      '/api/user/',
      accessAdmin.token,
      newUser('TAKEN@example.test', { institution: rejectedId }),
    );
    expect(errorBody(taken)).toMatchObject({
      email: ['A user with that email already exists.'],
      institution: ['Please select an institution'],
    });
    const several = await call(
      'POST',
      '/api/user/',
      accessAdmin.token,
      newUser('several@example.test', { institutions: [approvedId, 999999] }),
    );
    expect(errorBody(several)).toMatchObject({ institutions: ['Please select an institution'] });
    expect(await userCount()).toBe(before);
    expect(existing.id).toBeGreaterThan(0);
  });

  it('is for the admins of the form: others are refused, visitors must sign in', async () => {
    for (const role of [
      'primary_researcher',
      'sbso',
      'portal_reviewer',
      'internal_read_only',
      'portal_admin_lead',
    ] as const) {
      const refused = await call(
        'POST',
        '/api/user/',
        await t.tokenForRole(role),
        newUser(`${role}-made@example.test`),
      );
      expect(refused.statusCode, role).toBe(403);
    }
    const portalAdmin = await call(
      'POST',
      '/api/user/',
      await t.tokenForRole('portal_admin'),
      newUser('by-admin@example.test'),
    );
    expect(portalAdmin.statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/', payload: newUser('anon@example.test') }))
        .statusCode,
    ).toBe(401);
  });
});
