import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, institutions, userInstitutions } from '../../db/schema';
import { createInstitution } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let admin: string;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestContext({ config: { SMTP_URL: smtp.url } });
  admin = await t.tokenForRole('portal_admin');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.app.outbox.deliverDue();
  smtp.inbox.length = 0;
});

const create = (payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: '/api/institution/', headers: auth(token), payload });
const patch = (id: number, payload: object, token = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/institution/${id}/`, headers: auth(token), payload });

/** An institution under review whose signing official is a fresh sbso user. */
async function underReview(name: string) {
  const official = await t.createUser({ roles: ['sbso'], firstName: 'Sally', lastName: 'Signer' });
  const row = await createInstitution(t.database.db, { name, statusId: 2 });
  await t.database.db
    .update(institutions)
    .set({ currentIoId: official.id })
    .where(eq(institutions.id, row.id));
  return { id: row.id, official };
}

describe('institutions: create and list', () => {
  it('creates an approved institution with a generated RDA PDF awaiting signature', async () => {
    const response = await create({
      name: 'Harbor University',
      official_name: 'The Regents of Harbor University',
      ein: '12-3456789',
      domains: ['harbor.edu'],
      associated_names: ['HU'],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Harbor University',
      status: 3,
      status_name: 'Institution Approved',
      rda_status: 1,
    });
    const [rda] = await t.database.db.select().from(files).where(eq(files.id, body.current_rda));
    expect(rda).toMatchObject({ type: 'rda', contentType: 'application/pdf', institutionId: body.id });
    expect(rda?.additionalData).toMatchObject({ status: 1 });
    expect(rda!.size).toBeGreaterThan(1000);
  });

  it('refuses a duplicate name or EIN with the spec messages and creates nothing', async () => {
    await create({ name: 'Unique College', official_name: 'Unique College', ein: '98-7654321' });
    const dup = await create({ name: 'unique college', official_name: 'X', ein: '98-7654321' });
    expect(errorBody(dup)).toMatchObject({ name: ['Already in system'], ein: ['EIN already exists'] });
  });

  it('searches by name, associated name and EIN for staff, with the signing official expanded', async () => {
    const search = async (term: string) =>
      (
        await t.app.inject({
          url: `/api/institution/?search=${term}&expand=current_io`,
          headers: auth(admin),
        })
      )
        .json()
        .results.map((i: { name: string }) => i.name);
    expect(await search('harbor')).toEqual(['Harbor University']);
    expect(await search('HU')).toContain('Harbor University');
    expect(await search('12-3456789')).toEqual(['Harbor University']);
  });

  it('finds institutions for the pickers by name, associated name and EIN, not by official name', async () => {
    await create({ name: 'Quayside College', official_name: 'Regents of Harbor Quay', ein: '55-0000001' });
    const find = async (term: string, token = admin) => {
      const response = await t.app.inject({
        url: `/api/institution/?name_or_ein__icontains=${encodeURIComponent(term)}&ordering=name`,
        headers: auth(token),
      });
      expect(response.statusCode).toBe(200);
      return response.json().results.map((i: { name: string }) => i.name);
    };
    expect(await find('harbor')).toEqual(['Harbor University']);
    expect(await find('hu')).toEqual(['Harbor University']);
    expect(await find('12-3456789')).toEqual(['Harbor University']);
    expect(await find('55-000')).toEqual(['Quayside College']);
    // The official names are searched by the list's `search`, not by the pickers' filter.
    expect(await find('regents')).toEqual([]);
    // A LIKE wildcard is the character itself; an access administrator finds them too.
    expect(await find('%')).toEqual([]);
    expect(await find('quay', await t.tokenForRole('access_admin'))).toEqual(['Quayside College']);
  });

  it('shows visitors approved institutions only, with the picker fields', async () => {
    await createInstitution(t.database.db, { name: 'Pending Institute', statusId: 1 });
    const response = await t.app.inject({ url: '/api/institution/?limit=2000' });
    expect(response.statusCode).toBe(200);
    const results = response.json().results;
    expect(results.every((i: { status: number }) => i.status === 3)).toBe(true);
    expect(results.map((i: { name: string }) => i.name)).not.toContain('Pending Institute');
    expect(Object.keys(results[0]).sort()).toEqual(['display_name', 'id', 'name', 'status']);
  });

  it('refuses creation to non-admins', async () => {
    const reviewer = await t.tokenForRole('portal_reviewer');
    expect((await create({ name: 'Nope', official_name: 'Nope' }, reviewer)).statusCode).toBe(403);
  });
});

describe('institutions: review decisions', () => {
  it('approves an institution under review, and refuses a second decision', async () => {
    const { id } = await underReview('Approve Me U');
    const approved = await patch(id, { status: 3 });
    expect(approved.json()).toMatchObject({ status: 3 });
    const again = await patch(id, { status: 4 });
    expect(errorBody(again)).toMatchObject({
      status: ['Only an institution under review can be approved, followed up or rejected.'],
    });
  });

  it('changes only the status: the fields a decision does not send keep their values', async () => {
    const { id } = await underReview('Keeps Details U');
    const edited = await patch(id, {
      nonprofit: false,
      domains: ['keeps.edu'],
      associated_names: ['Keeps Medical School'],
    });
    expect(edited.statusCode).toBe(200);
    const decided = await patch(id, { status: 3 });
    expect(decided.json()).toMatchObject({
      status: 3,
      nonprofit: false,
      domains: ['keeps.edu'],
      associated_names: ['Keeps Medical School'],
    });
  });

  it('follows up with the request-revisions e-mail to the signing official', async () => {
    const { id, official } = await underReview('Follow Up U');
    const response = await patch(id, { status: 5, comments: 'Please add the EIN.' });
    expect(response.json()).toMatchObject({ status: 5, status_name: 'Institution Follow Up' });
    await t.app.outbox.deliverDue();
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]).toMatchObject({
      to: [official.email],
      subject: 'Follow Up U: revisions requested',
    });
    expect(smtp.inbox[0]!.text).toContain('Please add the EIN.');
  });

  it('rejects with an e-mail', async () => {
    const { id, official } = await underReview('Reject Me U');
    expect((await patch(id, { status: 4 })).json().status).toBe(4);
    await t.app.outbox.deliverDue();
    expect(smtp.inbox.map((m) => m.to[0])).toEqual([official.email]);
  });

  it('lets the signing official update their institution, which sends it back to review', async () => {
    const { id, official } = await underReview('Official Edits U');
    await t.database.db.update(institutions).set({ statusId: 5 }).where(eq(institutions.id, id));
    const token = await t.tokenFor(official.email);
    const response = await patch(id, { phone_number: '555-0100', ein: '55-5555555' }, token);
    expect(response.json()).toMatchObject({ status: 2, phone_number: '555-0100' });
    // The official cannot decide.
    expect((await patch(id, { status: 3 }, token)).statusCode).toBe(403);
    // Nor edit another institution.
    const other = await underReview('Someone Else U');
    expect((await patch(other.id, { phone_number: '1' }, token)).statusCode).toBe(404);
  });

  it('deactivates: status 6 and no current RDA', async () => {
    const created = (await create({ name: 'Closing U', official_name: 'Closing U' })).json();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/institution/${created.id}/deactivate/`,
      headers: auth(admin),
    });
    expect(response.json()).toMatchObject({ status: 6, current_rda: null, rda_status: null });
  });
});

describe('institutions: who sees what', () => {
  it('lets an affiliated researcher read their institution, and nobody else’s', async () => {
    const created = (await create({ name: 'Member U', official_name: 'Member U' })).json();
    const researcher = await t.createUser({ roles: ['primary_researcher'], institutionId: created.id });
    const token = await t.tokenFor(researcher.email);
    const own = await t.app.inject({ url: `/api/institution/${created.id}/`, headers: auth(token) });
    expect(own.statusCode).toBe(200);
    expect(own.json().permissions).toEqual(['list', 'read']);
    const other = (await create({ name: 'Other U', official_name: 'Other U' })).json();
    expect(
      (await t.app.inject({ url: `/api/institution/${other.id}/`, headers: auth(token) })).statusCode,
    ).toBe(404);
    // Once removed from the institution, it is no longer theirs.
    await t.database.db
      .update(userInstitutions)
      .set({ removalReason: 'left' })
      .where(eq(userInstitutions.userId, researcher.id));
    expect(
      (await t.app.inject({ url: `/api/institution/${created.id}/`, headers: auth(token) })).statusCode,
    ).toBe(404);
  });

  it('gives staff viewers read-only access', async () => {
    const created = (await create({ name: 'Viewed U', official_name: 'Viewed U' })).json();
    const reviewer = await t.tokenForRole('portal_reviewer');
    const read = await t.app.inject({ url: `/api/institution/${created.id}/`, headers: auth(reviewer) });
    expect(read.json().permissions).toEqual(['list', 'read']);
    expect((await patch(created.id, { phone_number: '1' }, reviewer)).statusCode).toBe(403);
  });
});

describe('institutions: filter by RDA status (command centre)', () => {
  it('filters and orders by the current RDA’s status; no RDA counts as 4', async () => {
    const signed = (await create({ name: 'Rda Filter Signed', official_name: 'Rda Filter Signed' })).json();
    const waiting = (
      await create({ name: 'Rda Filter Waiting', official_name: 'Rda Filter Waiting' })
    ).json();
    const none = (await create({ name: 'Rda Filter None', official_name: 'Rda Filter None' })).json();
    await t.database.db
      .update(files)
      .set({ additionalData: { status: 2, signature: 'X', signature_date: '2024-01-01T12:00:00' } })
      .where(eq(files.id, signed.current_rda));
    await t.app.inject({
      method: 'POST',
      url: `/api/institution/${none.id}/deactivate/`,
      headers: auth(admin),
    });
    const names = async (query: string) =>
      (await t.app.inject({ url: `/api/institution/?search=Rda Filter&${query}`, headers: auth(admin) }))
        .json()
        .results.map((i: { name: string }) => i.name);
    expect(await names('rda_status__in=2')).toEqual(['Rda Filter Signed']);
    expect(await names('rda_status__in=1,2')).toEqual(['Rda Filter Signed', 'Rda Filter Waiting']);
    expect(await names('rda_status=4')).toEqual(['Rda Filter None']);
    expect(await names('ordering=-rda_status')).toEqual([
      'Rda Filter None',
      'Rda Filter Signed',
      'Rda Filter Waiting',
    ]);
    expect(waiting.rda_status).toBe(1);
    const bad = await t.app.inject({ url: '/api/institution/?rda_status__in=x', headers: auth(admin) });
    expect(errorBody(bad)).toMatchObject({ rda_status__in: ['Enter a whole number.'] });
  });
});
