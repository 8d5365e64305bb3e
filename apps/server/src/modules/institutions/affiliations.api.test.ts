import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
});
afterAll(() => t.close());

async function institutionWithMembers(name: string) {
  const { institution, official } = await t.institutionWithOfficial(name);
  const researcher = await t.createUser({
    roles: ['primary_researcher'],
    institutionId: institution.id,
    institutionVerified: false,
  });
  return { institution, official, researcher };
}

const links = async (token: string, query = '') =>
  (await t.app.inject({ url: `/api/user-institution/?${query}`, headers: auth(token) })).json();

describe('affiliations and the joinder', () => {
  it('shows researchers their own links, officials their institution’s, staff all', async () => {
    const a = await institutionWithMembers('Links A');
    const b = await institutionWithMembers('Links B');
    const researcherToken = await t.tokenFor(a.researcher.email);
    expect((await links(researcherToken)).results.map((l: { user: number }) => l.user)).toEqual([
      a.researcher.id,
    ]);
    const officialToken = await t.tokenFor(a.official.email);
    const seen = (await links(officialToken)).results.map((l: { user: number }) => l.user);
    expect(seen).toContain(a.researcher.id);
    expect(seen).not.toContain(b.researcher.id);
    const all = await links(admin, `institution=${b.institution.id}`);
    expect(all.results.map((l: { user: number }) => l.user)).toEqual([b.researcher.id]);
  });

  it('records the joinder only once the RDA is fully executed, with the server’s time', async () => {
    const { institution, official, researcher } = await institutionWithMembers('Joinder U');
    const token = await t.tokenFor(researcher.email);
    const [link] = (await links(token, 'primary=true')).results;
    const agree = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/user-institution/${link.id}/`,
        headers: auth(token),
        payload: { joinder_date: '2001-01-01T00:00:00Z' },
      });
    expect(errorBody(await agree())).toMatchObject({
      joinder_date: ['The institution’s RDA is not fully executed yet.'],
    });

    const rda = institution.current_rda;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/file/${rda}/`,
      headers: auth(await t.tokenFor(official.email)),
      payload: { signature: 'Olga Official' },
    });
    const lead = await t.createUser({ roles: ['portal_admin_lead'], firstName: 'Lia', lastName: 'Lead' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/file/${rda}/`,
      headers: auth(await t.tokenFor(lead.email)),
      payload: { sf_signature: 'Lia Lead' },
    });

    const agreed = await agree();
    expect(agreed.statusCode).toBe(200);
    expect(new Date(agreed.json().joinder_date).getFullYear()).toBeGreaterThan(2020);
    // Someone else's link is not theirs to sign.
    const stranger = await t.tokenForRole('primary_researcher');
    const other = await t.app.inject({
      method: 'PATCH',
      url: `/api/user-institution/${link.id}/`,
      headers: auth(stranger),
      payload: { joinder_date: '2001-01-01T00:00:00Z' },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('researcher verification by the signing official', () => {
  it('confirms and removes researchers; the annual review must mark everyone', async () => {
    const { institution, official, researcher } = await institutionWithMembers('Verify U');
    const second = await t.createUser({
      roles: ['primary_researcher'],
      institutionId: institution.id,
      institutionVerified: false,
    });
    const token = await t.tokenFor(official.email);
    const verify = (payload: object, as = token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/institution/${institution.id}/verification/`,
        headers: auth(as),
        payload,
      });

    const incomplete = await verify({
      annual_review: true,
      entries: [{ user_id: researcher.id, verified: true }],
    });
    expect(errorBody(incomplete)).toMatchObject({ entries: ['Every researcher must be marked.'] });
    const noReason = await verify({ entries: [{ user_id: second.id, verified: false }] });
    expect(errorBody(noReason)).toMatchObject({
      entries: [`A removal reason is required for user ${second.id}.`],
    });

    const done = await verify({
      annual_review: true,
      entries: [
        { user_id: researcher.id, verified: true },
        { user_id: second.id, verified: false, removal_reason: 'Left the institution' },
      ],
    });
    expect(done.json()).toEqual({ detail: 'Annual Review Complete!', verified: 1, removed: 1 });
    const remaining = (await links(token, `institution=${institution.id}&removed=all`)).results;
    expect(remaining.find((l: { user: number }) => l.user === researcher.id)).toMatchObject({
      verified: true,
    });
    expect(remaining.find((l: { user: number }) => l.user === second.id)).toMatchObject({
      removal_reason: 'Left the institution',
    });
    // The removed researcher, with no institution left, is told at sign-in.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/api-token-auth/',
      payload: { email: second.email, password: 'Test-Password-1!' },
      remoteAddress: '10.80.0.1',
    });
    expect(errorBody(signIn)).toMatchObject({ code: 'INVALID_INSTITUTION' });
    // Another institution's official cannot verify here.
    const other = await institutionWithMembers('Verify Other U');
    expect(
      (
        await verify(
          { entries: [{ user_id: researcher.id, verified: true }] },
          await t.tokenFor(other.official.email),
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('affiliated researchers of an institution', () => {
  it('lists current members with their names on request, and removed ones apart', async () => {
    const { institution, researcher } = await institutionWithMembers('Members U');
    const admin = await t.tokenForRole('portal_admin');
    const current = await links(admin, `institution=${institution.id}&expand=user`);
    expect(current.results).toEqual([
      expect.objectContaining({
        user: { id: researcher.id, full_name: expect.any(String), email: researcher.email },
      }),
    ]);
    expect((await links(admin, `institution=${institution.id}&removed=true`)).count).toBe(0);
  });
});

describe('joining a known institution', () => {
  it('affiliates a researcher without an institution, once, and unverified', async () => {
    const { institution } = await institutionWithMembers('Join U');
    const loner = await t.createUser({ roles: ['primary_researcher'], institutionId: undefined });
    const token = await t.tokenFor(loner.email);
    const join = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user-institution/',
        headers: auth(token),
        payload: { institution: institution.id },
      });
    const joined = await join();
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({
      institution: institution.id,
      user: loner.id,
      primary: true,
      verified: false,
    });
    expect(errorBody(await join()).non_field_errors).toEqual([
      'You are already affiliated with an institution.',
    ]);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/user-institution/',
      headers: auth(token),
      payload: { institution: institution.id, user: 1 },
    });
    expect(errorBody(other)).toMatchObject({ user: ['You can only add yourself to an institution.'] });
  });
});

describe('GET user-institution/{id}/', () => {
  it('answers the row the list shows, to the same people, and 404 to everyone else', async () => {
    const { institution, official, researcher } = await institutionWithMembers('Single Link U');
    const researcherToken = await t.tokenFor(researcher.email);
    const [listed] = (await links(researcherToken)).results;
    const one = (token: string, query = '') =>
      t.app.inject({ url: `/api/user-institution/${listed.id}/${query}`, headers: auth(token) });

    const own = await one(researcherToken);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(listed);
    expect((await one(await t.tokenFor(official.email))).json()).toMatchObject({
      id: listed.id,
      institution: institution.id,
      user: researcher.id,
    });
    expect((await one(admin, '?expand=user')).json().user).toEqual({
      id: researcher.id,
      full_name: expect.any(String),
      email: researcher.email,
    });
    expect(errorBody(await one(admin, '?expand=owner'))).toMatchObject({
      expand: ['Unknown relation: owner.'],
    });

    // Another researcher, another institution's official: as if the row did not exist.
    const other = await institutionWithMembers('Single Link Other U');
    for (const token of [
      await t.tokenForRole('primary_researcher'),
      await t.tokenFor(other.official.email),
    ]) {
      expect((await one(token)).statusCode).toBe(404);
    }
    const missing = await t.app.inject({ url: '/api/user-institution/999999/', headers: auth(admin) });
    expect(missing.statusCode).toBe(404);
  });
});
