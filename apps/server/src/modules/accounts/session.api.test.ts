import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userInstitutions } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { fakeOrcid } from '../../../test/fake-http';

let t: TestContext;
let orcid: Awaited<ReturnType<typeof fakeOrcid>>;

beforeAll(async () => {
  orcid = await fakeOrcid();
  t = await createTestContext({
    config: {
      ORCID_CLIENT_ID: 'orcid-client',
      ORCID_CLIENT_SECRET: 'orcid-secret',
      ORCID_BASE_URL: orcid.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await orcid.close();
});

const me = (token: string) => t.app.inject({ url: '/api/user/me/', headers: auth(token) });

describe('logout', () => {
  it('revokes every session of the user and nobody else', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    const other = await t.tokenForRole('primary_researcher');
    const [first, second] = [await t.tokenFor(user.email), await t.tokenFor(user.email)];
    const out = await t.app.inject({ method: 'POST', url: '/api/logout/', headers: auth(first) });
    expect(out.statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/api-token-verify/',
      payload: { token: first },
    });
    expect(verify.statusCode).toBe(400);
    // Signing in again works.
    expect((await me(await t.tokenFor(user.email))).statusCode).toBe(200);
  });
});

describe('profile and primary role', () => {
  it('saves the own profile with validation, and refuses another user’s', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    const token = await t.tokenFor(user.email);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}/`,
      headers: auth(token),
      payload: {
        first_name: 'Rosalind',
        city: 'London',
        shipping_vendor: 'FedEx',
        globus_username: 'rosalind@globusid.org',
        emails: ['r.franklin@example.test'],
        phone_numbers: ['+44 20 7946 0000'],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      first_name: 'Rosalind',
      city: 'London',
      shipping_vendor: 'FedEx',
      globus_username: 'rosalind@globusid.org',
      emails: ['r.franklin@example.test'],
      phone_numbers: ['+44 20 7946 0000'],
      permissions: ['read', 'update'],
    });
    const badGlobus = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}/`,
      headers: auth(token),
      payload: { globus_username: 'not valid' },
    });
    expect(errorBody(badGlobus)).toMatchObject({ globus_username: ['Not a valid Globus Id or Username'] });

    const other = await t.createUser({ roles: ['primary_researcher'] });
    expect((await t.app.inject({ url: `/api/user/${other.id}/`, headers: auth(token) })).statusCode).toBe(
      404,
    );
    const patchOther = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${other.id}/`,
      headers: auth(token),
      payload: { city: 'X' },
    });
    expect(patchOther.statusCode).toBe(404);
  });

  it('sets a held primary role and refuses one not held', async () => {
    const user = await t.createUser({ roles: ['portal_admin', 'superuser'], primaryRole: null });
    const token = await t.tokenFor(user.email);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}/`,
      headers: auth(token),
      payload: { primary_role: 'sbso' },
    });
    expect(errorBody(refused)).toMatchObject({ primary_role: ['You do not hold that role.'] });
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}/`,
      headers: auth(token),
      payload: { primary_role: 'superuser' },
    });
    expect(set.json().primary_role).toBe('superuser');
    expect((await me(token)).json().primary_role).toBe('superuser');
  });
});

describe('sign-in: invalid institution', () => {
  it('answers INVALID_INSTITUTION when the researcher was removed from every institution', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    await t.database.db
      .update(userInstitutions)
      .set({ removalReason: 'No longer employed' })
      .where(eq(userInstitutions.userId, user.id));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/api-token-auth/',
      payload: { email: user.email, password: 'Test-Password-1!' },
      remoteAddress: '10.61.0.1',
    });
    expect(errorBody(response)).toMatchObject({
      code: 'INVALID_INSTITUTION',
      non_field_errors: ['Invalid Institution'],
    });
  });
});

describe('researcher identity (ORCID)', () => {
  it('exchanges a code for the ORCID iD through the adapter', async () => {
    const token = await t.tokenForRole('primary_researcher');
    const ok = await t.app.inject({ url: '/api/orcid/?code=good-code', headers: auth(token) });
    expect(ok.json()).toEqual({ orcid: '0000-0002-1825-0097' });
    expect(orcid.requests.at(-1)?.form.get('redirect_uri')).toMatch(/\/orchid-redirect$/);
    const bad = await t.app.inject({ url: '/api/orcid/?code=stale', headers: auth(token) });
    expect(bad.statusCode).toBe(400);
  });
});
