import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';

/**
 * Issue 29 item 8c: a client that read the RDA sends its whole `additional_data` back with its
 * signature (staff §3, §7). The fields it sends back unchanged are no change: only a changed
 * protected field may be refused (decision 324).
 */
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

async function setup(name: string) {
  const { institution, official } = await t.institutionWithOfficial(name);
  const lead = await t.createUser({ roles: ['portal_admin_lead'], firstName: 'Lee', lastName: 'Lead' });
  return {
    rdaId: institution.current_rda as number,
    officialToken: await t.tokenFor(official.email),
    leadToken: await t.tokenFor(lead.email),
  };
}

const patch = (id: number, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/file/${id}/`, headers: auth(token), payload });
/** What a client reads: the file's additional_data as GET file/{id}/ answers it to this user. */
const read = async (id: number, token: string) => {
  const response = await t.app.inject({ url: `/api/file/${id}/`, headers: auth(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().additional_data as Record<string, unknown>;
};

describe('PATCH file/{id}/ of an RDA with the whole additional_data read back', () => {
  it('lets the signing official sign, and the lead countersign, sending everything they read', async () => {
    const { rdaId, officialToken, leadToken } = await setup('Read Back U');
    // Details an administrator set earlier come back too.
    const prepared = await patch(rdaId, admin, {
      additional_data: { comments: 'Clause 4 revised.', renewal_date: '2031-01-31' },
    });
    expect(prepared.statusCode, prepared.body).toBe(200);

    const asRead = await read(rdaId, officialToken);
    expect(asRead).toMatchObject({ status: 1, name: 'Read Back U', comments: 'Clause 4 revised.' });
    const signed = await patch(rdaId, officialToken, {
      additional_data: { ...asRead, signature: 'Olga Official', signature_date: `${today()}T12:00:00` },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().additional_data).toEqual({
      status: 2,
      name: 'Read Back U',
      comments: 'Clause 4 revised.',
      renewal_date: '2031-01-31T12:00:00',
      signature: 'Olga Official',
      signature_date: `${today()}T12:00:00`,
    });

    const countersigned = await patch(rdaId, leadToken, {
      additional_data: {
        ...(await read(rdaId, leadToken)),
        sf_signature: 'Lee Lead',
        sf_signature_date: `${today()}T12:00:00`,
      },
    });
    expect(countersigned.statusCode, countersigned.body).toBe(200);
    expect(countersigned.json().additional_data).toMatchObject({
      status: 3,
      name: 'Read Back U',
      signature: 'Olga Official',
      sf_signature: 'Lee Lead',
    });
  });

  it('takes the top-level shape the same way, and a status sent back unchanged with a signature', async () => {
    const { rdaId, officialToken } = await setup('Top Level U');
    const signed = await patch(rdaId, officialToken, {
      ...(await read(rdaId, officialToken)),
      signature: 'Olga Official',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().additional_data).toMatchObject({ status: 2, signature: 'Olga Official' });

    // The admin form's paper signature, sent with the status the RDA holds.
    const other = await setup('Admin Read Back U');
    const recorded = await patch(other.rdaId, admin, {
      additional_data: {
        ...(await read(other.rdaId, admin)),
        signature: 'Olga Official',
        signature_date: '2024-02-01',
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().additional_data).toMatchObject({
      status: 2,
      signature: 'Olga Official',
      signature_date: '2024-02-01T12:00:00',
    });
  });

  it('still refuses a changed protected field, changing nothing', async () => {
    const { rdaId, officialToken, leadToken } = await setup('Changed Field U');
    const asRead = await read(rdaId, officialToken);
    const sign = { signature: 'Olga Official', signature_date: `${today()}T12:00:00` };
    for (const changed of [
      { name: 'Another name' },
      { comments: 'My own comment.' },
      { renewal_date: '2040-01-01' },
      { status: 3 },
    ]) {
      const response = await patch(rdaId, officialToken, {
        additional_data: { ...asRead, ...sign, ...changed },
      });
      expect(response.statusCode, JSON.stringify(changed)).toBe(403);
    }
    expect(await read(rdaId, admin)).toEqual({ status: 1, name: 'Changed Field U' });

    await patch(rdaId, officialToken, { additional_data: { ...asRead, ...sign } });
    // Once signed, a different signature date sent back is a change: not the lead's to make.
    const resigned = await patch(rdaId, leadToken, {
      additional_data: {
        ...(await read(rdaId, leadToken)),
        signature_date: '2024-02-02',
        sf_signature: 'Lee Lead',
      },
    });
    expect(resigned.statusCode).toBe(403);
    expect((await read(rdaId, admin)).status).toBe(2);
  });
});
