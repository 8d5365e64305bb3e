import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE_KEYS } from '@rrp/domain';
import { files, institutions, users } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { auth, createTestContext, errorBody, TEST_PASSWORD, type TestContext } from '../../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const signIn = (payload: object, remoteAddress = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload, remoteAddress });

describe('POST /api/api-token-auth/', () => {
  it('gives every demo account a token whose claims name the user', async () => {
    await seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda);
    for (const [index, role] of ROLE_KEYS.entries()) {
      const response = await signIn(
        { email: `${role}@demo.test`, password: t.config.demoPassword },
        `10.2.0.${index}`,
      );
      expect(response.statusCode, role).toBe(200);
      const { token } = response.json<{ token: string }>();
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      expect(claims).toMatchObject({
        email: `${role}@demo.test`,
        user_id: expect.any(Number),
        exp: expect.any(Number),
      });
      const me = await t.app.inject({ url: '/api/user/me/', headers: auth(token) });
      expect(me.json()).toMatchObject({ email: `${role}@demo.test`, primary_role: role, roles: [role] });
    }
  });

  it('gives the demo institution a fully executed RDA signed by the demo official', async () => {
    const [demo] = await t.database.db
      .select()
      .from(institutions)
      .where(eq(institutions.name, 'Demo University'));
    const [rda] = await t.database.db.select().from(files).where(eq(files.id, demo!.currentRdaId!));
    expect(rda?.additionalData).toMatchObject({ status: 3, signature: 'Demo Portal Base Signing Officer' });
    const [official] = await t.database.db.select().from(users).where(eq(users.email, 'sbso@demo.test'));
    expect(demo?.currentIoId).toBe(official?.id);
  });

  it('seeding demo data twice changes nothing', async () => {
    const before = await t.database.db.select({ id: users.id }).from(users);
    await seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda);
    const after = await t.database.db.select({ id: users.id }).from(users);
    expect(after).toHaveLength(before.length);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    const wrong = await signIn({ email: user.email, password: 'Wrong-Password-1!' });
    const unknown = await signIn({ email: 'nobody@example.test', password: 'Wrong-Password-1!' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(errorBody(wrong).non_field_errors).toEqual(['Unable to log in with provided credentials.']);
    expect(errorBody(unknown).non_field_errors).toEqual(errorBody(wrong).non_field_errors);
  });

  it('matches the e-mail case-insensitively', async () => {
    const user = await t.createUser({ roles: ['sbso'], email: 'Mixed.Case@Example.test' });
    const response = await signIn({ email: 'mixed.case@example.test', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(user.email).toBe('Mixed.Case@Example.test');
  });

  it('validates the payload with the spec messages', async () => {
    const response = await signIn({ email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject({
      email: ['Please enter a valid email address.'],
      password: ['Please enter your password'],
    });
  });

  it('answers the login codes of the error catalogue', async () => {
    const unverified = await t.createUser({ roles: ['primary_researcher'], verified: false });
    const noPassword = await t.createUser({ roles: ['primary_researcher'], password: undefined });
    const noTerms = await t.createUser({ roles: ['primary_researcher'], agreedToTerms: false });

    expect(errorBody(await signIn({ email: unverified.email, password: TEST_PASSWORD }))).toMatchObject({
      code: 'ACCOUNT_UNVERIFIED',
    });
    expect(errorBody(await signIn({ email: noPassword.email, password: TEST_PASSWORD }))).toMatchObject({
      code: 'NO_PASSWORD',
    });
    expect(errorBody(await signIn({ email: noTerms.email, password: TEST_PASSWORD }))).toMatchObject({
      code: 'TERMS_SERVICES',
    });
    const agreed = await signIn({ email: noTerms.email, password: TEST_PASSWORD, agreed_to_terms: true });
    expect(agreed.statusCode).toBe(200);
    // Agreement is remembered: the next sign-in needs no flag.
    expect((await signIn({ email: noTerms.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses an inactive account as it refuses bad credentials', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'], isActive: false });
    const response = await signIn({ email: user.email, password: TEST_PASSWORD });
    expect(errorBody(response).non_field_errors).toEqual(['Unable to log in with provided credentials.']);
  });

  it('locks an account after 10 failures, from whatever addresses they come (429), and only that account', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    const other = await t.createUser({ roles: ['primary_researcher'] });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // A new client address per guess changes nothing: the count is the account's.
      statuses.push(
        (await signIn({ email: user.email, password: 'Wrong-Password-1!' }, `10.3.4.${i}`)).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits now, from any address, and in any letter case.
    const locked = await signIn({ email: user.email.toUpperCase(), password: TEST_PASSWORD }, '10.3.3.4');
    expect(locked.statusCode).toBe(429);
    expect(errorBody(locked).detail).toBe(
      'Too many failed sign-in attempts. Please wait a few minutes and try again.',
    );
    // Another account is unaffected, from the same address.
    expect((await signIn({ email: other.email, password: TEST_PASSWORD }, '10.3.4.1')).statusCode).toBe(200);
  });

  it('counts concurrent guesses before checking them, so a burst cannot pass the limit', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        signIn({ email: user.email, password: 'Wrong-Password-1!' }, `10.3.5.${i}`),
      ),
    );
    expect(burst.filter((response) => response.statusCode === 400)).toHaveLength(10);
    expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(5);
  });

  it('never slows down successful sign-ins', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    for (let i = 0; i < 15; i++) {
      expect((await signIn({ email: user.email, password: TEST_PASSWORD }, '10.3.3.5')).statusCode).toBe(200);
    }
  });

  it('rate-limits a flood of requests from one address (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push(
        (await signIn({ email: `flood${i}@example.test`, password: 'x' }, '10.3.3.6')).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('records the sign-in time', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    await t.tokenFor(user.email);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLogin).toBeInstanceOf(Date);
  });
});

describe('POST /api/api-token-verify/', () => {
  it('accepts a valid token and refuses a forged one', async () => {
    const token = await t.tokenForRole('portal_admin');
    const ok = await t.app.inject({ method: 'POST', url: '/api/api-token-verify/', payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ token });
    const forged = `${token.slice(0, -4)}AAAA`;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/api-token-verify/',
      payload: { token: forged },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad).non_field_errors).toEqual(['The token could not be verified. Contact Support.']);
  });
});

describe('GET /api/user/me/ and the active role', () => {
  it('accepts the JWT and Bearer schemes and refuses a bad token with 401', async () => {
    const token = await t.tokenForRole('access_admin');
    for (const scheme of ['JWT', 'Bearer']) {
      const response = await t.app.inject({
        url: '/api/user/me/',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(response.statusCode).toBe(200);
    }
    const bad = await t.app.inject({ url: '/api/user/me/', headers: auth('not.a.token') });
    expect(bad.statusCode).toBe(401);
    expect(errorBody(bad).detail).toBe('Given token not valid for any token type');
    const none = await t.app.inject({ url: '/api/user/me/' });
    expect(none.statusCode).toBe(401);
  });

  it('refuses a token of a user who has since been deactivated', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    const token = await t.tokenFor(user.email);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await t.app.inject({ url: '/api/user/me/', headers: auth(token) })).statusCode).toBe(401);
  });

  it('acts in a held role given by ?role= and refuses one not held', async () => {
    const user = await t.createUser({ roles: ['portal_admin', 'superuser'], primaryRole: 'portal_admin' });
    const token = await t.tokenFor(user.email);
    // superuser may check services; portal_admin may not.
    const asPrimary = await t.app.inject({ url: '/api/health-check/?service=GPF', headers: auth(token) });
    expect(asPrimary.statusCode).toBe(403);
    const asSuperuser = await t.app.inject({
      url: '/api/health-check/?service=GPF&role=superuser',
      headers: auth(token),
    });
    expect(asSuperuser.statusCode).toBe(200);
    const notHeld = await t.app.inject({ url: '/api/user/me/?role=sbso', headers: auth(token) });
    expect(notHeld.statusCode).toBe(403);
  });

  it('answers the session user of foundation §3 with the primary institution', async () => {
    const user = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const me = await t.app.inject({ url: '/api/user/me/', headers: auth(await t.tokenFor(user.email)) });
    expect(me.json()).toEqual({
      id: user.id,
      username: user.email,
      email: user.email,
      emails: [user.email],
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
      phone_number: null,
      primary_role: 'primary_researcher',
      roles: ['primary_researcher'],
      groups: ['primary_researcher'],
      institutionId: expect.any(Number),
      userInstitutionId: expect.any(Number),
      abn_approved: false,
      suspended_request: null,
      impersonator: null,
    });
  });

  it('leaves a multi-role user without a primary role roleless until they choose', async () => {
    const user = await t.createUser({ roles: ['portal_admin', 'superuser'], primaryRole: null });
    const token = await t.tokenFor(user.email);
    const me = await t.app.inject({ url: '/api/user/me/', headers: auth(token) });
    expect(me.json()).toMatchObject({ primary_role: null, roles: ['portal_admin', 'superuser'] });
    // With no active role only the signed-in grants apply.
    expect(
      (await t.app.inject({ url: '/api/history/?pk=1&model=user', headers: auth(token) })).statusCode,
    ).toBe(403);
  });
});
