import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { institutions, users } from '../../db/schema';
import { createInstitution } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestContext({ config: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.app.outbox.deliverDue();
  smtp.inbox.length = 0;
});

/** A researcher with no institution yet, and their token. */
async function newResearcher(email: string) {
  const user = await t.createUser({
    roles: ['primary_researcher'],
    email,
    firstName: 'Rita',
    lastName: 'Researcher',
    institutionId: undefined,
  });
  return { user, token: await t.tokenFor(email) };
}

const propose = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/institution-helper/', headers: auth(token), payload });

const official = {
  first_name: 'Sam',
  last_name: 'Signer',
  email: 'sam.signer@lakeside.edu',
  phone_number: '555-0101',
};

async function invitationToken(to: string): Promise<string> {
  await t.app.outbox.deliverDue();
  const mail = smtp.inbox.find((m) => m.to.includes(to));
  const match =
    /register\?token=([^\s&]+)\n/.exec(mail?.text ?? '') ??
    /register\?token=([^\s&]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation to ${to}`);
  return decodeURIComponent(match[1]!);
}

describe('a researcher proposes a new institution', () => {
  it('creates it pending its official, invites the official, who registers and becomes its official', async () => {
    const { user, token } = await newResearcher('rita@lakeside.edu');
    const proposed = await propose(token, {
      institution_data: { name: 'Lakeside College', official_name: 'Lakeside College Corporation' },
      io_data: official,
    });
    expect(proposed.statusCode).toBe(201);
    const institutionId = proposed.json().institution;
    const invitation = await invitationToken('sam.signer@lakeside.edu');
    expect(smtp.inbox[0]!.subject).toBe('Rita Researcher named you signing official for Lakeside College');

    const check = await t.app.inject({
      url: `/api/verify-invitation/?token=${encodeURIComponent(invitation)}`,
    });
    expect(check.json()).toEqual({
      user_type: 'sbso',
      email: 'sam.signer@lakeside.edu',
      first_name: 'Sam',
      last_name: 'Signer',
      phone_number: '555-0101',
      institution: { id: institutionId, name: 'Lakeside College' },
    });

    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register-user/',
      remoteAddress: '10.70.0.1',
      payload: {
        token: invitation,
        first_name: 'Sam',
        last_name: 'Signer',
        email: 'sam.signer@lakeside.edu',
        password: 'Signing-Official-1!',
        agreed_to_terms: true,
        title: 'Director of Research Administration',
        phone_number: '555-0101',
      },
    });
    expect(registered.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(institutions).where(eq(institutions.id, institutionId));
    // Registration answers no id (decision 117): the account is found by its address.
    const [sam] = await t.database.db.select().from(users).where(eq(users.email, 'sam.signer@lakeside.edu'));
    expect(row).toMatchObject({ currentIoId: sam!.id, statusId: 1, domains: ['lakeside.edu'] });
    // Verified by the invitation link: signs in at once, and sees the institution.
    const officialToken = await t.tokenFor('sam.signer@lakeside.edu', 'Signing-Official-1!');
    const seen = await t.app.inject({
      url: `/api/institution/${institutionId}/`,
      headers: auth(officialToken),
    });
    expect(seen.json().permissions).toEqual(['list', 'read', 'update']);
    // The researcher is affiliated, unverified until the official confirms.
    expect(
      (await t.app.inject({ url: `/api/institution/${institutionId}/`, headers: auth(token) })).statusCode,
    ).toBe(200);
    expect(user.email).toBe('rita@lakeside.edu');
    // The invitation works once.
    expect(
      (await t.app.inject({ url: `/api/verify-invitation/?token=${encodeURIComponent(invitation)}` }))
        .statusCode,
    ).toBe(400);
  });

  it('e-mails a verification link to an official who registers with another address than the invited one', async () => {
    const { token } = await newResearcher('rita@brookside.edu');
    const proposed = await propose(token, {
      institution_data: { name: 'Brookside College', official_name: 'Brookside College Corporation' },
      io_data: { ...official, email: 'sam.signer@brookside.edu' },
    });
    expect(proposed.statusCode).toBe(201);
    const invitation = await invitationToken('sam.signer@brookside.edu');
    smtp.inbox.length = 0;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register-user/',
      remoteAddress: '10.70.0.2',
      payload: {
        token: invitation,
        first_name: 'Sam',
        last_name: 'Signer',
        email: 'sam.personal@brookside.edu',
        password: 'Signing-Official-1!',
        agreed_to_terms: true,
        title: 'Director',
        phone_number: '555-0102',
      },
    });
    expect(registered.statusCode).toBe(201);
    const [sam] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'sam.personal@brookside.edu'));
    expect(sam!.verified).toBe(false);
    await t.app.outbox.deliverDue();
    const mail = smtp.inbox.find((m) => m.to.includes('sam.personal@brookside.edu'));
    const link = /http:\/\/portal\.test\/verify-user\?token=(\S+)/.exec(mail?.text ?? '');
    expect(link, 'a verification e-mail to the address registered').not.toBeNull();
    const verified = await t.app.inject({ url: `/api/verify-user/?token=${link![1]}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().password_set).toBe(true);
    expect(await t.tokenFor('sam.personal@brookside.edu', 'Signing-Official-1!')).toEqual(expect.any(String));
  });

  it('lets the official decline: the institution awaits a new official and the researcher is told', async () => {
    const { user, token } = await newResearcher('nora@declines.edu');
    const institutionId = (
      await propose(token, {
        institution_data: { name: 'Decline University', official_name: 'Decline University' },
        io_data: { ...official, email: 'no.thanks@declines.edu' },
      })
    ).json().institution;
    const invitation = await invitationToken('no.thanks@declines.edu');
    smtp.inbox.length = 0;
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/decline-invitation/',
      payload: { token: invitation },
      remoteAddress: '10.70.0.2',
    });
    expect(declined.json()).toEqual({ status: 'declined' });
    const [row] = await t.database.db.select().from(institutions).where(eq(institutions.id, institutionId));
    expect(row?.statusId).toBe(6);
    const bell = (await t.app.inject({ url: '/api/notification/', headers: auth(token) })).json();
    expect(bell.results[0]).toMatchObject({ redirect: '/revise-institution-officer' });
    await t.app.outbox.deliverDue();
    expect(smtp.inbox.map((m) => m.to[0])).toEqual([user.email]);

    // The researcher names another official: pending again, with a fresh invitation.
    const replaced = await t.app.inject({
      method: 'PATCH',
      url: '/api/institution-helper/',
      headers: auth(token),
      payload: { institution: institutionId, io_data: { ...official, email: 'yes.please@declines.edu' } },
    });
    expect(replaced.statusCode).toBe(200);
    await invitationToken('yes.please@declines.edu');
    const [after] = await t.database.db.select().from(institutions).where(eq(institutions.id, institutionId));
    expect(after?.statusId).toBe(1);
  });

  it('refuses the researcher as their own official', async () => {
    const { token } = await newResearcher('self@selfie.edu');
    const response = await propose(token, {
      institution_data: { name: 'Selfie U', official_name: 'Selfie U' },
      io_data: { ...official, email: 'SELF@selfie.edu' },
    });
    expect(errorBody(response)).toMatchObject({
      io_data: ['Investigators may not list themselves as the SBSO'],
    });
  });

  it('suggests institutions with the same name, or the researcher’s e-mail domain unless confirmed', async () => {
    await createInstitution(t.database.db, { name: 'Known Institute', domains: ['known.edu'] });
    const { token } = await newResearcher('kim@known.edu');
    const byName = await propose(token, {
      institution_data: { name: 'known institute', official_name: 'X' },
      io_data: official,
    });
    expect(errorBody(byName)).toMatchObject({
      code: 'DUPLICATE_NAME',
      non_field_errors: [
        'There is already an institution with that name in our system. Did you mean one of the following institutions?',
      ],
      suggestions: [{ name: 'Known Institute' }],
    });
    const byDomain = await propose(token, {
      institution_data: { name: 'Known Lab', official_name: 'Known Lab' },
      io_data: official,
    });
    expect(errorBody(byDomain)).toMatchObject({
      code: 'DUPLICATE_DOMAIN',
      suggestions: [{ name: 'Known Institute' }],
    });
    const confirmed = await propose(token, {
      institution_data: { name: 'Known Lab', official_name: 'Known Lab' },
      io_data: official,
      confirm_duplicate_domain: true,
    });
    expect(confirmed.statusCode).toBe(201);
  });

  it('is not for other staff, officials, or researchers who already have an institution', async () => {
    for (const role of ['portal_reviewer', 'portal_admin_lead', 'sbso'] as const) {
      const token = await t.tokenForRole(role);
      const payload = { institution_data: { name: 'A', official_name: 'A' }, io_data: official };
      expect((await propose(token, payload)).statusCode, role).toBe(403);
    }
    const affiliated = await t.createUser({ roles: ['primary_researcher'] });
    const response = await propose(await t.tokenFor(affiliated.email), {
      institution_data: { name: 'Second U', official_name: 'Second U' },
      io_data: official,
    });
    expect(errorBody(response).non_field_errors).toEqual(['You are already affiliated with an institution.']);
  });
});
