import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/** What the RDA tests share: a test app, an administrator's token and the RDA set-up. */
export async function createRdaTest() {
  const t: TestContext = await createTestContext();
  const admin = await t.tokenForRole('portal_admin');

  /** An institution with its generated RDA, a signing official and the lead's token. */
  async function setup(name: string) {
    const { institution, official } = await t.institutionWithOfficial(name);
    const lead = await t.createUser({ roles: ['portal_admin_lead'], firstName: 'Lee', lastName: 'Lead' });
    return {
      rdaId: institution.current_rda as number,
      institutionId: institution.id as number,
      officialToken: await t.tokenFor(official.email),
      leadToken: await t.tokenFor(lead.email),
    };
  }

  const patch = (id: number, token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/file/${id}/`, headers: auth(token), payload });

  return { t, admin, setup, patch };
}

export type RdaTest = Awaited<ReturnType<typeof createRdaTest>>;
