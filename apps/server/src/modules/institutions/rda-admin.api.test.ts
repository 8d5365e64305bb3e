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
