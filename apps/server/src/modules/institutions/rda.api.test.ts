import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, errorBody, type TestContext } from '../../../test/test-app';
import { createRdaTest, type RdaTest } from './rda.test-support';

let t: TestContext;
let admin: string;
let setup: RdaTest['setup'];
let patch: RdaTest['patch'];
beforeAll(async () => {
  ({ t, admin, setup, patch } = await createRdaTest());
});
afterAll(() => t.close());

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

describe('the spec’s shape: the fields inside additional_data (staff §3, §7)', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const read = async (id: number) =>
    (await t.app.inject({ url: `/api/file/${id}/`, headers: auth(admin) })).json().additional_data;

  it('takes the official’s signature with status 2 and the lead’s countersignature with status 3', async () => {
    const { rdaId, officialToken, leadToken } = await setup('Spec Shape U');
    const signed = await patch(rdaId, officialToken, {
      additional_data: { status: 2, signature: 'Olga Official', signature_date: `${today()}T12:00:00` },
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().additional_data).toMatchObject({
      status: 2,
      signature: 'Olga Official',
      signature_date: `${today()}T12:00:00`,
    });

    const executed = await patch(rdaId, leadToken, {
      additional_data: { status: 3, sf_signature: 'Lee Lead', sf_signature_date: `${today()}T12:00:00` },
    });
    expect(executed.statusCode).toBe(200);
    expect(executed.json().additional_data).toMatchObject({
      status: 3,
      sf_signature: 'Lee Lead',
      sf_signature_date: `${today()}T12:00:00`,
    });
  });

  it('keeps the signing rules: the signer’s own name, today’s date, no other status', async () => {
    const { rdaId, officialToken, leadToken } = await setup('Spec Rules U');
    const asSbso = (additional_data: object) => patch(rdaId, officialToken, { additional_data });
    expect(
      errorBody(await asSbso({ status: 2, signature: 'Someone Else', signature_date: today() })),
    ).toMatchObject({ signature: ['Signature must match the full name of the SBSO'] });
    expect(
      errorBody(
        await asSbso({ status: 2, signature: 'Olga Official', signature_date: '2020-01-01T12:00:00' }),
      ),
    ).toMatchObject({ signature_date: ['The signature date must be the day of signing.'] });
    expect(
      errorBody(
        await asSbso({ status: 2, signature: 'Olga Official', signature_date: `${today()}T00:00:00Z` }),
      ),
    ).toMatchObject({ signature_date: ['Enter the signature date as YYYY-MM-DD.'] });
    // Executing the agreement is the lead's, and a status alone is an administrator's correction.
    expect((await asSbso({ status: 3, signature: 'Olga Official' })).statusCode).toBe(403);
    expect((await asSbso({ status: 2 })).statusCode).toBe(403);
    // The lead cannot countersign before the official has signed.
    expect(
      errorBody(await patch(rdaId, leadToken, { additional_data: { status: 3, sf_signature: 'Lee Lead' } })),
    ).toMatchObject({ sf_signature: ['Only an RDA awaiting execution can be countersigned.'] });
    expect(await read(rdaId)).toEqual({ status: 1, name: 'Spec Rules U' });

    await asSbso({ status: 2, signature: 'Olga Official' });
    expect(
      errorBody(
        await patch(rdaId, leadToken, { additional_data: { status: 3, sf_signature: 'Olga Official' } }),
      ),
    ).toMatchObject({ sf_signature: ['Signature does not match full name'] });
    expect((await read(rdaId)).status).toBe(2);
  });

  it('lets administrators set comments, name and renewal date, with or without T12:00:00', async () => {
    const { rdaId } = await setup('Spec Admin U');
    const saved = await patch(rdaId, admin, {
      additional_data: {
        comments: 'Countersign after legal review.',
        name: 'Spec Admin University RDA',
        renewal_date: '2030-06-30',
        signature: 'Olga Official',
        signature_date: '2024-02-01T12:00:00',
        status: 2,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().additional_data).toEqual({
      status: 2,
      name: 'Spec Admin University RDA',
      comments: 'Countersign after legal review.',
      renewal_date: '2030-06-30T12:00:00',
      signature: 'Olga Official',
      signature_date: '2024-02-01T12:00:00',
    });
    const cleared = await patch(rdaId, admin, { additional_data: { renewal_date: null } });
    expect(cleared.json().additional_data.renewal_date).toBeNull();
  });

  it('refuses what the RDA does not hold, and a field sent twice with two values', async () => {
    const { rdaId } = await setup('Spec Refusals U');
    expect(errorBody(await patch(rdaId, admin, { additional_data: { status: 4 } }))).toMatchObject({
      status: ['Choose a status: 1 (Signature Needed), 2 (Awaiting Execution) or 3 (Fully Executed).'],
    });
    expect(errorBody(await patch(rdaId, admin, { additional_data: { owner: 1 } }))).toMatchObject({
      owner: ['Unknown field.'],
    });
    expect(
      errorBody(await patch(rdaId, admin, { comments: 'One', additional_data: { comments: 'Two' } })),
    ).toMatchObject({ comments: ['Send this field once: at the top level or inside additional_data.'] });
    expect(errorBody(await patch(rdaId, admin, { additional_data: 'status=2' }))).toMatchObject({
      additional_data: ['Enter a JSON object.'],
    });
    expect(await read(rdaId)).toEqual({ status: 1, name: 'Spec Refusals U' });
    // The same value in both places is one field.
    const same = await patch(rdaId, admin, { comments: 'Same', additional_data: { comments: 'Same' } });
    expect(same.json().additional_data.comments).toBe('Same');
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
