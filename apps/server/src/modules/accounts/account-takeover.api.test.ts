import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, ROLE_GRANT_MESSAGES, USER_MESSAGES } from '@rrp/domain';
import { users } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';

/**
 * Issue 29.1: an administrator took over the superuser by changing its e-mail and asking for a
 * password reset. Identity changes of an account above the caller are refused; an e-mail change
 * by anyone waits for a link followed from the new address, and the old address is told.
 */
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let adminToken: string;
let superToken: string;
let address = 0;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? auth(token) : {},
    ...(payload ? { payload } : {}),
    remoteAddress: `10.70.0.${(address += 1) % 250}`,
  });
const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

async function mailsTo(email: string) {
  await t.app.outbox.deliverDue();
  return smtp.inbox.filter((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
}
async function linkTo(email: string, pattern: RegExp): Promise<string> {
  const mail = (await mailsTo(email)).find((m) => pattern.test(m.text));
  if (!mail) throw new Error(`no link to ${email}`);
  return pattern.exec(mail.text)![1]!;
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestContext({ config: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test' } });
  adminToken = await t.tokenForRole('portal_admin');
  superToken = await t.tokenForRole('superuser');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.app.outbox.deliverDue();
  smtp.inbox.length = 0;
});

describe('identity changes of an account above the caller (issue 29.1)', () => {
  it.each(['superuser', 'portal_admin_lead'] as const)(
    'refuses an administrator’s change of the e-mail, activation, roles or password link of a %s: 403, nothing changed, nothing sent',
    async (role) => {
      const target = await t.createUser({ roles: [role] });
      const before = await rowOf(target.id);
      for (const body of [
        { email: 'attacker@example.test' },
        { active: false },
        { groups: [role, 'portal_admin'] },
        { groups: [] },
        { first_name: 'Mallory', email: 'attacker@example.test' },
      ]) {
        const refused = await call('PATCH', `/api/user/${target.id}/`, adminToken, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(403);
        expect(errorBody(refused).detail).toBe(ROLE_GRANT_MESSAGES.accountAbove(role));
      }
      const resend = await call('POST', `/api/user/${target.id}/resend_email/`, adminToken, {});
      expect(resend.statusCode).toBe(403);
      expect(await rowOf(target.id)).toEqual(before);
      expect(await call('GET', `/api/user/${target.id}/`, adminToken).then((r) => r.json())).toMatchObject({
        email: target.email,
        pending_email: null,
        active: true,
        roles: [role],
      });
      expect(await mailsTo('attacker@example.test')).toHaveLength(0);
      expect(await mailsTo(target.email)).toHaveLength(0);

      // The takeover's second step finds no account at the attacker's address either.
      await call('POST', '/api/forgot-password/', null, {
        email: 'attacker@example.test',
        recaptcha: 'human',
      });
      expect(await mailsTo('attacker@example.test')).toHaveLength(0);
    },
  );

  it('still lets an administrator save a superuser’s other fields with the e-mail and roles sent back unchanged', async () => {
    const target = await t.createUser({ roles: ['superuser'] });
    const saved = await call('PATCH', `/api/user/${target.id}/`, adminToken, {
      title: 'Support lead',
      email: target.email.toUpperCase(),
      groups: ['superuser'],
      active: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Support lead', email: target.email, pending_email: null });
  });

  it('refuses an administrator creating accounts with roles beyond its own (issue 29.2)', async () => {
    for (const role of ['access_admin', 'portal_admin_lead', 'superuser'] as const) {
      const refused = await call('POST', '/api/user/', adminToken, {
        first_name: 'Eve',
        last_name: 'Escalate',
        email: `eve-${role}@example.test`,
        groups: [role],
      });
      expect(refused.statusCode, role).toBe(400);
      expect(errorBody(refused).groups).toEqual([ROLE_GRANT_MESSAGES.notGrantable(role)]);
    }
    const target = await t.createUser({ roles: ['primary_researcher'] });
    const grant = await call('PATCH', `/api/user/${target.id}/`, adminToken, {
      groups: ['primary_researcher', 'access_admin'],
    });
    expect(grant.statusCode).toBe(400);
    expect(errorBody(grant).groups).toEqual([ROLE_GRANT_MESSAGES.notGrantable('access_admin')]);
  });

  it('lets a superuser change a superuser’s e-mail, through the same confirmation', async () => {
    const target = await t.createUser({ roles: ['superuser'] });
    const changed = await call('PATCH', `/api/user/${target.id}/`, superToken, {
      email: 'su-new@example.test',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email: target.email, pending_email: 'su-new@example.test' });
  });
});

describe('an e-mail change waits for confirmation from the new address', () => {
  it('stores it as pending, tells the old address, and changes it only when the link is followed', async () => {
    const target = await t.createUser({ roles: ['primary_researcher'], email: 'old-box@example.test' });
    // A reset link the old address held before the change.
    await call('POST', '/api/forgot-password/', null, { email: 'old-box@example.test', recaptcha: 'human' });
    const oldReset = await linkTo('old-box@example.test', /reset-password\/(\S+)/);

    const patched = await call('PATCH', `/api/user/${target.id}/`, adminToken, {
      email: 'New-Box@example.test',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      email: 'old-box@example.test',
      pending_email: 'New-Box@example.test',
    });
    const notice = (await mailsTo('old-box@example.test')).find((m) => /about to change/.test(m.subject));
    expect(notice?.text).toContain('New-Box@example.test');
    const token = await linkTo('New-Box@example.test', /http:\/\/portal\.test\/confirm-email\?token=(\S+)/);

    // Until confirmed the account is still at its old address, for sign-in and reset links.
    await call('POST', '/api/forgot-password/', null, { email: 'new-box@example.test', recaptcha: 'human' });
    expect((await mailsTo('new-box@example.test')).filter((m) => /reset-password/.test(m.text))).toEqual([]);
    expect(await t.tokenFor('old-box@example.test')).toBeTruthy();

    const confirmed = await call('POST', '/api/confirm-email/', null, { token: decodeURIComponent(token) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'New-Box@example.test' });
    expect(await rowOf(target.id)).toMatchObject({ email: 'New-Box@example.test', pendingEmail: null });
    expect(await t.tokenFor('new-box@example.test')).toBeTruthy();

    // The reset link sent before the change no longer works, nor does the confirmation again.
    const reset = await call('POST', '/api/reset-password/', null, {
      token: decodeURIComponent(oldReset),
      password: 'Another-Pass-3!',
      confirm_password: 'Another-Pass-3!',
    });
    expect(reset.statusCode).toBe(400);
    expect(errorBody(reset).token).toEqual([MESSAGES.resetFailed]);
    const again = await call('POST', '/api/confirm-email/', null, { token: decodeURIComponent(token) });
    expect(again.statusCode).toBe(400);
  });

  it('refuses the confirmation when the address was taken meanwhile, changing nothing', async () => {
    const target = await t.createUser({ roles: ['primary_researcher'] });
    await call('PATCH', `/api/user/${target.id}/`, adminToken, { email: 'contested@example.test' });
    const token = await linkTo('contested@example.test', /confirm-email\?token=(\S+)/);
    await t.createUser({ roles: ['primary_researcher'], email: 'contested@example.test' });
    const refused = await call('POST', '/api/confirm-email/', null, { token: decodeURIComponent(token) });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused).email).toEqual([USER_MESSAGES.emailTaken]);
    expect(await rowOf(target.id)).toMatchObject({
      email: target.email,
      pendingEmail: 'contested@example.test',
    });
  });

  it('answers an unknown link with a 400', async () => {
    const unknown = await call('POST', '/api/confirm-email/', null, { token: 'not-a-token' });
    expect(unknown.statusCode).toBe(400);
    expect(errorBody(unknown).token).toEqual([MESSAGES.tokenNotVerified]);
  });
});
