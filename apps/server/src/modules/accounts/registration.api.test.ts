import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { emailLogs, userInstitutions, userTokens, users } from '../../db/schema';
import { createInstitution } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';
import { fakeRecaptcha } from '../../../test/fake-http';
import { ACCOUNT_ANSWER_FLOOR_MS } from '../../platform/auth/timing-floor';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let recaptcha: Awaited<ReturnType<typeof fakeRecaptcha>>;
let approvedInstitutionId: number;
let pendingInstitutionId: number;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  recaptcha = await fakeRecaptcha();
  t = await createTestContext({
    config: {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://portal.test',
      RECAPTCHA_SECRET_V3: 'v3-secret',
      RECAPTCHA_SECRET_V2: 'v2-secret',
      RECAPTCHA_VERIFY_URL: `${recaptcha.url}/siteverify`,
    },
  });
  approvedInstitutionId = (await createInstitution(t.database.db, { name: 'Approved U', statusId: 3 })).id;
  pendingInstitutionId = (await createInstitution(t.database.db, { name: 'Pending U', statusId: 2 })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await recaptcha.close();
});
beforeEach(async () => {
  // Deliveries started by earlier tests finish before the inbox is emptied.
  await t.app.outbox.deliverDue();
  smtp.inbox.length = 0;
});

let address = 0;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.20.0.${(address += 1) % 250}` });
const get = (url: string) => t.app.inject({ url, remoteAddress: `10.21.0.${(address += 1) % 250}` });

const researcher = (email: string) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email,
  password: 'Cobol-Rules-1959!',
  agreed_to_terms: true,
  recaptcha: 'human',
  institution: approvedInstitutionId,
});

/** The link of the newest e-mail to this address, after delivery. */
async function linkSentTo(email: string, pattern: RegExp): Promise<string> {
  await t.app.outbox.deliverDue();
  const mail = [...smtp.inbox].reverse().find((m) => m.to.includes(email));
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const match = pattern.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return match[1]!;
}

describe('registration and e-mail verification', () => {
  it('registers an unverified researcher, e-mails a link that verifies and answers a session token', async () => {
    const created = await post('/api/register-user/', researcher('grace@example.test'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ email: 'grace@example.test' });
    const [grace] = await t.database.db.select().from(users).where(eq(users.email, 'grace@example.test'));

    const unverified = await post('/api/api-token-auth/', {
      email: 'grace@example.test',
      password: 'Cobol-Rules-1959!',
      recaptcha: 'human',
    });
    expect(errorBody(unverified)).toMatchObject({ code: 'ACCOUNT_UNVERIFIED', user_id: grace!.id });

    const token = await linkSentTo('grace@example.test', /http:\/\/portal\.test\/verify-user\?token=(\S+)/);
    const [log] = await t.database.db
      .select()
      .from(emailLogs)
      .where(sql`'grace@example.test' = any(${emailLogs.to})`);
    expect(log).toMatchObject({ template: 'verify-email', status: 'sent' });

    const verified = await get(`/api/verify-user/?token=${token}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      token: expect.any(String),
      password_set: true,
      already_verified: false,
    });
    // The token is a session as sign-in answers it (foundation §7 "returns a token").
    const session = await t.app.inject({ url: '/api/user/me/', headers: auth(verified.json().token) });
    expect(session.json()).toMatchObject({ id: grace!.id, email: 'grace@example.test' });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, grace!.id));
    expect(account!.lastLogin).not.toBeNull();
    const signedIn = await post('/api/api-token-auth/', {
      email: 'grace@example.test',
      password: 'Cobol-Rules-1959!',
      recaptcha: 'human',
    });
    expect(signedIn.statusCode).toBe(200);

    // The affiliation waits for the institution to confirm it.
    const [link] = await t.database.db
      .select()
      .from(userInstitutions)
      .where(eq(userInstitutions.userId, grace!.id));
    expect(link).toMatchObject({ institutionId: approvedInstitutionId, primary: true, verified: false });
    // The link verifies once; followed again it only says the account is verified.
    const again = await get(`/api/verify-user/?token=${token}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ token: null, password_set: true, already_verified: true });
    const unknown = await get(`/api/verify-user/?token=${'x'.repeat(43)}`);
    expect(errorBody(unknown)).toMatchObject({
      code: 'TOKEN_INVALID',
      non_field_errors: ['The token could not be verified. Contact Support.'],
    });
  });

  it('does not take a link retired by a newer one for a verified account', async () => {
    await post('/api/register-user/', researcher('relinked@example.test'));
    const first = await linkSentTo('relinked@example.test', /verify-user\?token=(\S+)/);
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'relinked@example.test'));
    smtp.inbox.length = 0;
    await get(`/api/resend-verification/${account!.id}/`);
    const second = await linkSentTo('relinked@example.test', /verify-user\?token=(\S+)/);
    expect(second).not.toBe(first);
    // The retired link of an account still unverified verifies nothing.
    expect(errorBody(await get(`/api/verify-user/?token=${first}`))).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await get(`/api/verify-user/?token=${second}`)).json()).toMatchObject({
      already_verified: false,
    });
  });

  it('answers an expired link with a new e-mail', async () => {
    await post('/api/register-user/', researcher('late@example.test'));
    const token = await linkSentTo('late@example.test', /verify-user\?token=(\S+)/);
    await t.database.db.update(userTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    smtp.inbox.length = 0;
    const expired = await get(`/api/verify-user/?token=${token}`);
    expect(errorBody(expired)).toMatchObject({ code: 'TOKEN_EXPIRED' });
    const fresh = await linkSentTo('late@example.test', /verify-user\?token=(\S+)/);
    expect(fresh).not.toBe(token);
    expect((await get(`/api/verify-user/?token=${fresh}`)).statusCode).toBe(200);
  });

  it('answers the set-password token for an account without a password', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'], verified: false });
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    await get(`/api/resend-verification/${user.id}/`);
    const token = await linkSentTo(user.email, /verify-user\?token=(\S+)/);
    const verified = await get(`/api/verify-user/?token=${token}`);
    expect(verified.json()).toEqual({
      token: expect.any(String),
      password_set: false,
      already_verified: false,
    });
    // It is no session, but it sets the first password once.
    expect(
      (await t.app.inject({ url: '/api/user/me/', headers: auth(verified.json().token) })).statusCode,
    ).toBe(401);
    const set = await post('/api/reset-password/', {
      token: verified.json().token,
      password: 'First-Password-1!',
      confirm_password: 'First-Password-1!',
    });
    expect(set.json()).toEqual({ status: 'reset' });
  });

  it('answers no session while sign-in would still ask something (the terms)', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'], verified: false, agreedToTerms: false });
    await get(`/api/resend-verification/${user.id}/`);
    const token = await linkSentTo(user.email, /verify-user\?token=(\S+)/);
    const verified = await get(`/api/verify-user/?token=${token}`);
    expect(verified.json()).toEqual({ token: null, password_set: true, already_verified: false });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({ verified: true, lastLogin: null });
  });

  it('resends a verification e-mail, answering the same for any id', async () => {
    await post('/api/register-user/', researcher('resend@example.test'));
    const [{ id }] = (await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'resend@example.test'))) as [{ id: number }];
    await t.app.outbox.deliverDue();
    smtp.inbox.length = 0;
    const resent = await get(`/api/resend-verification/${id}/`);
    expect(resent.json()).toEqual({ detail: 'Verification email successfully sent' });
    await linkSentTo('resend@example.test', /verify-user\?token=(\S+)/);
    expect((await get('/api/resend-verification/999999/')).json()).toEqual(resent.json());
  });

  it('answers a registered e-mail (any case) as a new one, creates nothing, and tells its owner', async () => {
    const owner = await t.createUser({ roles: ['primary_researcher'], email: 'dup@example.test' });
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const fresh = await post('/api/register-user/', researcher('fresh-dup@example.test'));
    const duplicate = await post('/api/register-user/', researcher('DUP@example.test'));
    expect(duplicate.statusCode).toBe(fresh.statusCode);
    expect(duplicate.json()).toEqual({ email: 'DUP@example.test' });
    // One account more: the fresh one; the duplicate created nothing.
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBe(
      before[0]!.n + 1,
    );
    await t.app.outbox.deliverDue();
    const notice = smtp.inbox.find((mail) => mail.to.includes(owner.email));
    expect(notice?.subject).toBe('You already have a Research Resource Portal account');
    expect(notice?.text).toContain('http://portal.test/reset-password');
  });

  it('sends a new verification link to an unverified account registered again', async () => {
    await post('/api/register-user/', researcher('again@example.test'));
    const first = await linkSentTo('again@example.test', /verify-user\?token=(\S+)/);
    const again = await post('/api/register-user/', researcher('again@example.test'));
    expect(again.statusCode).toBe(201);
    const second = await linkSentTo('again@example.test', /verify-user\?token=(\S+)/);
    expect(second).not.toBe(first);
    expect((await get(`/api/verify-user/?token=${second}`)).statusCode).toBe(200);
  });

  it('takes at least the same time whether or not the e-mail has an account', async () => {
    await t.createUser({ roles: ['primary_researcher'], email: 'timed@example.test' });
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await post('/api/register-user/', researcher(email));
      return { status: response.statusCode, ms: performance.now() - started };
    };
    for (const result of [await timed('timed@example.test'), await timed('untimed@example.test')]) {
      expect(result.status).toBe(201);
      expect(result.ms).toBeGreaterThanOrEqual(ACCOUNT_ANSWER_FLOOR_MS - 1);
    }
  });

  it('validates every field with the spec messages', async () => {
    const response = await post('/api/register-user/', {
      first_name: ' ',
      last_name: '',
      email: 'nope',
      password: 'weak',
      agreed_to_terms: false,
      orcid: 'abc',
    });
    expect(errorBody(response)).toMatchObject({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      email: ['Please enter a valid email address.'],
      password: ['Password does not satisfy all criteria.'],
      agreed_to_terms: ['You must agree to the terms and conditions.'],
      orcid: [expect.stringContaining('ORCID')],
    });
  });

  it('accepts only approved institutions, and none at all', async () => {
    const pending = await post('/api/register-user/', {
      ...researcher('pending@example.test'),
      institution: pendingInstitutionId,
    });
    expect(errorBody(pending)).toMatchObject({ institution: ['Please select an institution'] });
    const none = await post('/api/register-user/', { ...researcher('none@example.test'), institution: null });
    expect(none.statusCode).toBe(201);
  });

  it('refuses a failed bot check, and accepts the v2 fallback', async () => {
    const bot = await post('/api/register-user/', { ...researcher('bot@example.test'), recaptcha: 'bot' });
    expect(errorBody(bot)).toMatchObject({
      code: 'RECAPTCHA_FAILED',
      non_field_errors: ['Recaptcha Failed. Please confirm your are not a robot.'],
    });
    const v2 = await post('/api/register-user/', {
      ...researcher('v2@example.test'),
      recaptcha: 'v2-ok',
      is_v2: true,
    });
    expect(v2.statusCode).toBe(201);
    expect(recaptcha.requests.at(-1)?.form.get('secret')).toBe('v2-secret');
  });
});

describe('password reset', () => {
  it('resets from the e-mailed link once, ends every session, and refuses the old password', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'], email: 'reset@example.test' });
    const oldToken = await t.tokenFor(user.email);

    const asked = await post('/api/forgot-password/', { email: 'reset@example.test', recaptcha: 'human' });
    expect(asked.json()).toEqual({ status: 'sent' });
    const token = await linkSentTo('reset@example.test', /http:\/\/portal\.test\/reset-password\/(\S+)/);

    const mismatch = await post('/api/reset-password/', {
      token,
      password: 'New-Password-2!',
      confirm_password: 'Other-Password-2!',
    });
    expect(errorBody(mismatch)).toMatchObject({ confirm_password: ['Passwords do not match.'] });
    const done = await post('/api/reset-password/', {
      token,
      password: 'New-Password-2!',
      confirm_password: 'New-Password-2!',
    });
    expect(done.json()).toEqual({ status: 'reset' });

    expect((await t.app.inject({ url: '/api/user/me/', headers: auth(oldToken) })).statusCode).toBe(401);
    const oldPassword = await post('/api/api-token-auth/', {
      email: user.email,
      password: 'Test-Password-1!',
      recaptcha: 'human',
    });
    expect(oldPassword.statusCode).toBe(400);
    const newPassword = await post('/api/api-token-auth/', {
      email: user.email,
      password: 'New-Password-2!',
      recaptcha: 'human',
    });
    expect(newPassword.statusCode).toBe(200);

    const reused = await post('/api/reset-password/', {
      token,
      password: 'Third-Password-3!',
      confirm_password: 'Third-Password-3!',
    });
    expect(errorBody(reused).token).toEqual([
      expect.stringMatching(/^There was an issue resetting your password/),
    ]);
  });

  it('answers the same, no sooner, for an unknown address and sends nothing', async () => {
    const started = performance.now();
    const unknown = await post('/api/forgot-password/', { email: 'ghost@example.test', recaptcha: 'human' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(ACCOUNT_ANSWER_FLOOR_MS - 1);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: 'sent' });
    await t.app.outbox.deliverDue();
    expect(smtp.inbox).toHaveLength(0);
  });

  it('keeps only the newest link valid, and refuses expired ones', async () => {
    await t.createUser({ roles: ['primary_researcher'], email: 'twice@example.test' });
    await post('/api/forgot-password/', { email: 'twice@example.test', recaptcha: 'human' });
    const first = await linkSentTo('twice@example.test', /reset-password\/(\S+)/);
    await post('/api/forgot-password/', { email: 'twice@example.test', recaptcha: 'human' });
    const second = await linkSentTo('twice@example.test', /reset-password\/(\S+)/);
    const body = { password: 'New-Password-2!', confirm_password: 'New-Password-2!' };
    expect((await post('/api/reset-password/', { ...body, token: first })).statusCode).toBe(400);
    await t.database.db.update(userTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await post('/api/reset-password/', { ...body, token: second })).statusCode).toBe(400);
  });

  it('validates the address with the reset message', async () => {
    const response = await post('/api/forgot-password/', { email: 'not-an-email', recaptcha: 'human' });
    expect(errorBody(response)).toMatchObject({ email: ['Enter a valid email address.'] });
  });
});
