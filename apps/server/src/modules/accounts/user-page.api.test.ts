import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { postLogs, users } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import {
  t,
  smtp,
  accessAdmin,
  approvedId,
  otherApprovedId,
  rejectedId,
  call,
  newUser,
  linkSentTo,
  setUpUserAdminApi,
} from './user-admin.api-test-setup';

setUpUserAdminApi();

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
