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

describe('the admin form', () => {
  it('records the official’s signature and its date as received, only while it awaits them', async () => {
    const { rdaId } = await setup('Paper Signature U');
    expect(errorBody(await patch(rdaId, admin, { signature: 'Olga Official' }))).toMatchObject({
      signature_date: ['Required field'],
    });
    expect(
      errorBody(await patch(rdaId, admin, { signature: 'Olga Official', signature_date: '2999-01-01' })),
    ).toMatchObject({ signature_date: ['The signature date cannot be in the future.'] });
    expect(
      errorBody(await patch(rdaId, admin, { signature: 'Olga Official', signature_date: '01/02/2024' })),
    ).toMatchObject({ signature_date: ['Enter the signature date as YYYY-MM-DD.'] });
    // Recording the official's signature does not execute the agreement. (Status 1 sent with it
    // is the status the RDA holds, no change: decision 324.)
    expect(
      errorBody(
        await patch(rdaId, admin, { signature: 'Olga Official', signature_date: '2024-02-01', status: 3 }),
      ),
    ).toMatchObject({
      status: ['The foundation signature and execution date are required for this status.'],
    });
    const unchanged = (await t.app.inject({ url: `/api/file/${rdaId}/`, headers: auth(admin) })).json();
    expect(unchanged.additional_data).toMatchObject({ status: 1 });
    expect(unchanged.additional_data.signature).toBeUndefined();

    const recorded = await patch(rdaId, admin, {
      signature: 'Olga Official',
      signature_date: '2024-02-01',
      comments: 'Signed on paper.',
    });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().additional_data).toMatchObject({
      status: 2,
      signature: 'Olga Official',
      signature_date: '2024-02-01T12:00:00',
      comments: 'Signed on paper.',
    });
    expect(
      errorBody(await patch(rdaId, admin, { signature: 'Olga Official', signature_date: '2024-02-02' })),
    ).toMatchObject({
      signature: ['The signature and its date can no longer change once the RDA is signed.'],
    });
  });

  it('refuses the signature fields to reviewers', async () => {
    const { rdaId } = await setup('Reviewer Form U');
    const reviewer = await t.tokenForRole('portal_reviewer');
    const refused = await patch(rdaId, reviewer, { signature: 'X', signature_date: '2024-02-01' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('Add new RDA', () => {
  const addRda = (institutionId: number, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/institution/${institutionId}/rda/`, headers: auth(token) });

  it('starts a fresh RDA awaiting signature and makes it current; the old one stays as it was', async () => {
    const { rdaId, institutionId, officialToken, leadToken } = await setup('Fresh RDA U');
    await patch(rdaId, officialToken, { signature: 'Olga Official' });
    await patch(rdaId, leadToken, { sf_signature: 'Lee Lead' });

    const response = await addRda(institutionId);
    expect(response.statusCode).toBe(201);
    const institution = response.json();
    expect(institution.current_rda).not.toBe(rdaId);
    expect(institution.rda_status).toBe(1);
    const fresh = await t.app.inject({
      url: `/api/file/${institution.current_rda}/?base64=true`,
      headers: auth(admin),
    });
    expect(fresh.json()).toMatchObject({
      type: 'rda',
      institution: institutionId,
      additional_data: { status: 1 },
    });
    expect(Buffer.from(fresh.json().base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const old = (await t.app.inject({ url: `/api/file/${rdaId}/`, headers: auth(admin) })).json();
    expect(old.additional_data).toMatchObject({ status: 3, sf_signature: 'Lee Lead' });
    // The official can sign the new one.
    expect(
      (await patch(institution.current_rda, officialToken, { signature: 'Olga Official' })).statusCode,
    ).toBe(200);
  });

  it('gives a deactivated institution an RDA again', async () => {
    const { institutionId } = await setup('Reactivated RDA U');
    await t.app.inject({
      method: 'POST',
      url: `/api/institution/${institutionId}/deactivate/`,
      headers: auth(admin),
    });
    const response = await addRda(institutionId);
    expect(response.json()).toMatchObject({ rda_status: 1, current_rda: expect.any(Number) });
  });

  it('is for administrators only', async () => {
    const { institutionId, officialToken, leadToken } = await setup('Guarded RDA U');
    for (const token of [officialToken, leadToken, await t.tokenForRole('portal_reviewer')]) {
      expect([403, 404]).toContain((await addRda(institutionId, token)).statusCode);
    }
    expect((await addRda(999_999)).statusCode).toBe(404);
  });
});

describe('a revised PDF', () => {
  const boundary = '----rda-test-boundary';
  /** A multipart PATCH file/{id}/ with a PDF part and text fields. */
  const upload = (id: number, token: string, fields: Record<string, string>, pdf: Buffer) => {
    const parts = [
      ...Object.entries(fields).map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="revised.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ];
    return t.app.inject({
      method: 'PATCH',
      url: `/api/file/${id}/`,
      headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(parts.join('')), pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  };
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

  /** A multipart PATCH file/{id}/ with text fields only (no new document). */
  const form = (id: number, token: string, fields: Record<string, string>) => {
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    return t.app.inject({
      method: 'PATCH',
      url: `/api/file/${id}/`,
      headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${parts.join('')}--${boundary}--\r\n`,
    });
  };

  it('takes additional_data as JSON text and numbers as text', async () => {
    const { rdaId, officialToken, leadToken } = await setup('Multipart Signing U');
    const today = new Date().toISOString().slice(0, 10);
    const signed = await form(rdaId, officialToken, {
      additional_data: JSON.stringify({
        status: '2',
        signature: 'Olga Official',
        signature_date: `${today}T12:00:00`,
      }),
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().additional_data).toMatchObject({ status: 2, signature: 'Olga Official' });
    const executed = await form(rdaId, leadToken, { status: '3', sf_signature: 'Lee Lead' });
    expect(executed.statusCode).toBe(200);
    expect(executed.json().additional_data.status).toBe(3);
    expect(errorBody(await form(rdaId, admin, { status: 'two' }))).toMatchObject({
      status: ['Choose a status: 1 (Signature Needed), 2 (Awaiting Execution) or 3 (Fully Executed).'],
    });
  });

  it('records a paper signature sent as form fields, with the revised PDF', async () => {
    const { rdaId } = await setup('Multipart Paper U');
    const recorded = await upload(
      rdaId,
      admin,
      {
        additional_data: JSON.stringify({
          comments: 'Signed copy attached.',
          revised_date: '2024-02-01T12:00:00',
        }),
      },
      pdf,
    );
    expect(recorded.statusCode).toBe(200);
    const signed = await form(rdaId, admin, {
      status: '2',
      signature: 'Olga Official',
      signature_date: '2024-02-01T12:00:00',
    });
    expect(signed.json().additional_data).toMatchObject({
      status: 2,
      comments: 'Signed copy attached.',
      revised_date: '2024-02-01T12:00:00',
      signature_date: '2024-02-01T12:00:00',
    });
  });

  it('replaces the document with comments while it awaits its signature, and not after', async () => {
    const { rdaId, officialToken } = await setup('Revised PDF U');
    const revised = await upload(
      rdaId,
      admin,
      { comments: 'Clause 4 revised.', revised_date: '2024-03-01' },
      pdf,
    );
    expect(revised.statusCode).toBe(200);
    expect(revised.json()).toMatchObject({
      name: 'revised.pdf',
      additional_data: { status: 1, comments: 'Clause 4 revised.', revised_date: '2024-03-01T12:00:00' },
    });
    const content = await t.app.inject({ url: `/api/file/${rdaId}/download/`, headers: auth(admin) });
    expect(content.rawPayload.equals(pdf)).toBe(true);

    await patch(rdaId, officialToken, { signature: 'Olga Official' });
    const late = await upload(rdaId, admin, { revised_date: '2024-03-02' }, pdf);
    expect(errorBody(late)).toMatchObject({ file: ['A signed RDA can no longer be revised.'] });
    // Without a revision date the bytes are still the RDA's own rule, not only the metadata's.
    const bare = await upload(rdaId, admin, {}, Buffer.from('%PDF-1.4\nother\n%%EOF\n'));
    expect(errorBody(bare)).toMatchObject({ file: ['A signed RDA can no longer be revised.'] });
    const unchanged = await t.app.inject({ url: `/api/file/${rdaId}/download/`, headers: auth(admin) });
    expect(unchanged.rawPayload.equals(pdf)).toBe(true);
    const after = await t.app.inject({ url: `/api/file/${rdaId}/`, headers: auth(admin) });
    expect(after.json().additional_data.revised_date).toBe('2024-03-01T12:00:00');
    // The official cannot replace the document.
    expect((await upload(rdaId, officialToken, { revised_date: '2024-03-02' }, pdf)).statusCode).toBe(403);
  });
});

describe('RDA: OpenAPI', () => {
  it('documents the RDA fields of PATCH file/{id}/, inside additional_data or beside it', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const body = JSON.stringify(document.paths['/api/file/{id}/'].patch.requestBody);
    for (const field of [
      'additional_data',
      'signature_date',
      'sf_signature_date',
      'renewal_date',
      'status',
    ]) {
      expect(body).toContain(`"${field}"`);
    }
    expect(body).toContain('T12:00:00');
  });
});
