import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { ROLE_GRANT_MESSAGES, ROLE_KEYS, rolesConflict, type RoleKey } from '@rrp/domain';
import { emailLogs, history, postLogs, users } from '../../db/schema';
import { createInstitution } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let accessAdmin: { id: number; email: string; token: string };
let superuser: string;
let approvedId: number;
let otherApprovedId: number;
let rejectedId: number;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
const newUser = (email: string, extra: object = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  ...extra,
});
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;

async function linkSentTo(email: string, pattern: RegExp): Promise<string> {
  await t.app.outbox.deliverDue();
  const mail = [...smtp.inbox]
    .reverse()
    .find((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const match = pattern.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return match[1]!;
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestContext({ config: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test' } });
  const admin = await t.createUser({ roles: ['access_admin'] });
  accessAdmin = { ...admin, token: await t.tokenFor(admin.email) };
  superuser = await t.tokenForRole('superuser');
  approvedId = (await createInstitution(t.database.db, { name: 'Admin Form U', statusId: 3 })).id;
  otherApprovedId = (await createInstitution(t.database.db, { name: 'Second Form U', statusId: 3 })).id;
  rejectedId = (await createInstitution(t.database.db, { name: 'Rejected Form U', statusId: 4 })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.app.outbox.deliverDue();
  smtp.inbox.length = 0;
});

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

describe('GET user/{id}/ (the user page)', () => {
  it('shows admins the affiliations, comments and who acted as the user; viewers see no comments', async () => {
    const target = await t.createUser({ roles: ['primary_researcher'], institutionId: approvedId });
    await call('PATCH', `/api/user/${target.id}/`, accessAdmin.token, { comments: 'Staff note' });
    const admin = await t.createUser({ roles: ['portal_admin'] });
    await t.database.db.insert(postLogs).values({
      userId: target.id,
      impersonatorId: admin.id,
      log: `Impersonation started by ${admin.email}`,
    });
    const page = (await call('GET', `/api/user/${target.id}/`, accessAdmin.token)).json();
    expect(page).toMatchObject({
      comments: 'Staff note',
      joinder_date: expect.any(String),
      user_institutions: [{ institution: approvedId, verified: true, removal_reason: null }],
      impersonation_history: [
        { impersonator: { id: admin.id, email: admin.email }, log: expect.stringContaining('started') },
      ],
    });
    expect(page.permissions).toEqual(expect.arrayContaining(['read', 'update']));
    const viewer = (
      await call('GET', `/api/user/${target.id}/`, await t.tokenForRole('internal_read_only'))
    ).json();
    expect(viewer).toMatchObject({ comments: null, impersonation_history: null });
    expect(viewer.permissions).toEqual(['list', 'read']);
  });

  it('shows a signing official the researchers of their institution, and no one else', async () => {
    const { institution, official } = await t.institutionWithOfficial('Official View U');
    const member = await t.createUser({ roles: ['primary_researcher'], institutionId: institution.id });
    const stranger = await t.createUser({ roles: ['primary_researcher'], institutionId: approvedId });
    const token = await t.tokenFor(official.email);
    const seen = await call('GET', `/api/user/${member.id}/`, token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ comments: null, impersonation_history: null });
    expect((await call('GET', `/api/user/${stranger.id}/`, token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/user/${member.id}/`, token, { title: 'X' })).statusCode).toBe(403);
    const list = await call('GET', '/api/user/', token);
    expect(list.json().results.map((row: { id: number }) => row.id)).toEqual([member.id]);
    const phones = await call('GET', `/api/user-phone/?user=${member.id}`, token);
    expect(phones.statusCode).toBe(200);
  });
});

describe('POST user/{id}/resend_email/', () => {
  it('resends the set-your-password link (operation 2) and the verification link (operation 1)', async () => {
    const created = (
      await call('POST', '/api/user/', accessAdmin.token, newUser('resend.me@example.test'))
    ).json();
    await t.app.outbox.deliverDue();
    smtp.inbox.length = 0;
    const setPassword = await call('POST', `/api/user/${created.id}/resend_email/`, accessAdmin.token, {
      operation: 2,
    });
    expect(setPassword.statusCode).toBe(200);
    expect(setPassword.json()).toEqual({ detail: 'Email successfully sent' });
    await linkSentTo('resend.me@example.test', /reset-password\/(\S+)/);
    const verification = await call('POST', `/api/user/${created.id}/resend_email/`, accessAdmin.token, {
      operation: 1,
    });
    expect(verification.json()).toEqual({ detail: 'Verification email successfully sent' });
    await linkSentTo('resend.me@example.test', /verify-user\?token=(\S+)/);
    const byDefault = await call('POST', `/api/user/${created.id}/resend_email/`, accessAdmin.token, {});
    expect(byDefault.statusCode).toBe(200);
  });

  it('refuses a verified account’s verification, an unknown operation, unknown users and non-admins', async () => {
    const verified = await t.createUser({ roles: ['primary_researcher'] });
    const again = await call('POST', `/api/user/${verified.id}/resend_email/`, accessAdmin.token, {
      operation: 1,
    });
    expect(errorBody(again).non_field_errors).toEqual(['The account is already verified.']);
    expect(
      (await call('POST', `/api/user/${verified.id}/resend_email/`, accessAdmin.token, { operation: 3 }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/user/99999/resend_email/', accessAdmin.token, {})).statusCode).toBe(404);
    const own = await t.tokenFor(verified.email);
    expect((await call('POST', `/api/user/${verified.id}/resend_email/`, own, {})).statusCode).toBe(403);
  });
});

describe('GET user-email/ and user-phone/', () => {
  it('lists a user’s addresses and phones to staff and to the user, with their single-object GETs', async () => {
    const target = await t.createUser({ roles: ['primary_researcher'] });
    const token = await t.tokenFor(target.email);
    await call('PATCH', `/api/user/${target.id}/`, token, {
      emails: ['second@example.test'],
      phone_numbers: ['+1 555 0100'],
    });
    const emails = await call('GET', `/api/user-email/?user=${target.id}`, accessAdmin.token);
    expect(emails.json()).toMatchObject({
      count: 1,
      results: [{ user: target.id, email: 'second@example.test', verified: false }],
    });
    const phones = await call('GET', `/api/user-phone/?user=${target.id}`, token);
    expect(phones.json().results).toMatchObject([{ user: target.id, phone_number: '+1 555 0100' }]);
    const emailId = emails.json().results[0].id;
    const phoneId = phones.json().results[0].id;
    expect((await call('GET', `/api/user-email/${emailId}/`, token)).json()).toMatchObject({ id: emailId });
    expect((await call('GET', `/api/user-phone/${phoneId}/`, accessAdmin.token)).json()).toMatchObject({
      id: phoneId,
    });

    // Another researcher sees nothing of it.
    const stranger = await t.tokenForRole('primary_researcher');
    expect((await call('GET', `/api/user-email/?user=${target.id}`, stranger)).json().count).toBe(0);
    expect((await call('GET', `/api/user-email/${emailId}/`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/user-phone/${phoneId}/`, stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/user-phone/?colour=red', stranger)).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/user-email/' })).statusCode).toBe(401);
  });
});

describe('user-institution/ for staff', () => {
  it('adds an affiliation for a user, makes it primary, verifies it, sets and clears the joinder, and ends it', async () => {
    const target = await t.createUser({ roles: ['primary_researcher'], institutionId: approvedId });
    const added = await call('POST', '/api/user-institution/', accessAdmin.token, {
      institution: otherApprovedId,
      user: target.id,
      primary: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      user: target.id,
      institution: otherApprovedId,
      primary: true,
      verified: false,
    });
    const id = added.json().id;
    const again = await call('POST', '/api/user-institution/', accessAdmin.token, {
      institution: otherApprovedId,
      user: target.id,
    });
    expect(errorBody(again).institution).toEqual(['The user is already affiliated with this institution.']);
    const links = await call('GET', `/api/user-institution/?user=${target.id}`, accessAdmin.token);
    expect(links.json().results.filter((link: { primary: boolean }) => link.primary)).toHaveLength(1);

    const verified = await call('PATCH', `/api/user-institution/${id}/`, accessAdmin.token, {
      verified: true,
      joinder_date: '2026-01-15T12:00:00Z',
    });
    expect(verified.json()).toMatchObject({ verified: true, joinder_date: '2026-01-15T12:00:00.000Z' });
    expect(verified.json().last_checked).not.toBeNull();
    const cleared = await call('PATCH', `/api/user-institution/${id}/`, accessAdmin.token, {
      joinder_date: null,
    });
    expect(cleared.json().joinder_date).toBeNull();
    const ended = await call('PATCH', `/api/user-institution/${id}/`, accessAdmin.token, {
      removal_reason: 'Left the institution',
    });
    expect(ended.json()).toMatchObject({ removal_reason: 'Left the institution', primary: false });
    expect((await call('GET', `/api/user-institution/${id}/`, accessAdmin.token)).json().removal_reason).toBe(
      'Left the institution',
    );
  });

  it('keeps researchers to agreeing to their own joinder', async () => {
    const researcher = await t.createUser({ roles: ['primary_researcher'], institutionId: approvedId });
    const token = await t.tokenFor(researcher.email);
    const [link] = (await call('GET', `/api/user-institution/?user=${researcher.id}`, token)).json().results;
    const refused = await call('PATCH', `/api/user-institution/${link.id}/`, token, { verified: true });
    expect(refused.statusCode).toBe(400);
    const bad = await call('POST', '/api/user-institution/', accessAdmin.token, {
      institution: rejectedId,
      user: researcher.id,
    });
    expect(errorBody(bad).institution).toEqual(['Please select an institution']);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, researcher.id));
    expect(row!.isActive).toBe(true);
  });
});
