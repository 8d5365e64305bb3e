import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
});
afterAll(() => t.close());

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

describe('RDA signing', () => {
  it('goes Signature Needed → Awaiting Execution → Fully Executed with dated signatures', async () => {
    const { rdaId, officialToken, leadToken } = await setup('Signing U');
    const mismatch = await patch(rdaId, officialToken, { signature: 'Someone Else' });
    expect(errorBody(mismatch)).toMatchObject({ signature: ['Signature does not match full name'] });

    const signed = await patch(rdaId, officialToken, { signature: 'olga  official' });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().additional_data).toMatchObject({
      status: 2,
      signature: 'olga  official',
      signature_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T12:00:00$/),
    });
    expect(errorBody(await patch(rdaId, officialToken, { signature: 'Olga Official' }))).toMatchObject({
      signature: ['This RDA has already been signed.'],
    });
    // Only the lead countersigns.
    expect((await patch(rdaId, officialToken, { sf_signature: 'Olga Official' })).statusCode).toBe(403);
    const executed = await patch(rdaId, leadToken, { sf_signature: 'Lee Lead' });
    expect(executed.json().additional_data).toMatchObject({ status: 3, sf_signature: 'Lee Lead' });

    const institution = (await t.app.inject({ url: `/api/file/${rdaId}/`, headers: auth(admin) })).json();
    expect(institution.permissions).toEqual(expect.arrayContaining(['read', 'update']));
  });

  it('lets administrators correct the status only forwards, with its dates', async () => {
    const { rdaId, officialToken } = await setup('Admin Form U');
    expect(errorBody(await patch(rdaId, admin, { status: 2 }))).toMatchObject({
      status: ['The signature date is required for this status.'],
    });
    await patch(rdaId, officialToken, { signature: 'Olga Official' });
    expect(errorBody(await patch(rdaId, admin, { status: 1 }))).toMatchObject({
      status: ['An RDA that is Awaiting Execution cannot return to Signature Needed.'],
    });
    const commented = await patch(rdaId, admin, { comments: 'Revised clause 4.' });
    expect(commented.json().additional_data.comments).toBe('Revised clause 4.');
  });

  it('serves the PDF to the official and members, and nothing to strangers', async () => {
    const { rdaId, institutionId, officialToken } = await setup('Reading U');
    const asOfficial = await t.app.inject({
      url: `/api/file/${rdaId}/?base64=true`,
      headers: auth(officialToken),
    });
    expect(Buffer.from(asOfficial.json().base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const member = await t.createUser({ roles: ['primary_researcher'], institutionId });
    const memberToken = await t.tokenFor(member.email);
    const download = await t.app.inject({ url: `/api/file/${rdaId}/download/`, headers: auth(memberToken) });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await patch(rdaId, memberToken, { signature: 'x' })).statusCode).toBe(403);
    const stranger = await t.tokenForRole('primary_researcher');
    expect((await t.app.inject({ url: `/api/file/${rdaId}/`, headers: auth(stranger) })).statusCode).toBe(
      404,
    );
  });

  it('refuses unknown fields', async () => {
    const { rdaId } = await setup('Strict U');
    expect(errorBody(await patch(rdaId, admin, { owner: 1 }))).toMatchObject({ owner: ['Unknown field.'] });
  });
});

describe('signed URLs', () => {
  it('download without a session until tampered with', async () => {
    const { rdaId, officialToken } = await setup('Signed URL U');
    const { signed_url } = (
      await t.app.inject({ url: `/api/file/${rdaId}/?signed_url=True`, headers: auth(officialToken) })
    ).json();
    const url = new URL(signed_url);
    const download = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 60));
    expect((await t.app.inject({ url: `${url.pathname}${url.search}` })).statusCode).toBe(404);
  });
});
