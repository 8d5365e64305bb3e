import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { emailLogs, institutions, users } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';

/** The administrator's institution form on `institution-helper/` (foundation §3, §7; staff §4.5). */
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let admin: string;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestContext({ config: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test' } });
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

const helper = (method: 'POST' | 'PATCH', token: string, payload: object) =>
  t.app.inject({ method, url: '/api/institution-helper/', headers: auth(token), payload });

const official = (email: string) => ({
  first_name: 'Hana',
  last_name: 'Harbor',
  email,
  phone_number: '555-0102',
});

/** The spec's admin payload: institution_data {name, official_name, status}, io_data. */
async function createWithOfficial(name: string, email: string, status?: number) {
  const response = await helper('POST', admin, {
    institution_data: { name, official_name: `${name} Corporation`, ...(status ? { status } : {}) },
    io_data: official(email),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ institution: number }>().institution;
}

async function mailTo(address: string) {
  await t.app.outbox.deliverDue();
  return smtp.inbox.filter((mail) => mail.to.includes(address));
}

async function invitationToken(address: string): Promise<string> {
  const [mail] = await mailTo(address);
  const match = /register\?token=([^\s&]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation to ${address}`);
  return decodeURIComponent(match[1]!);
}

const institution = async (id: number) =>
  (await t.app.inject({ url: `/api/institution/${id}/`, headers: auth(admin) })).json();

const institutionsNamed = async (name: string) =>
  t.database.db.select().from(institutions).where(eq(institutions.name, name));

const emailsTo = async (address: string) =>
  t.database.db
    .select()
    .from(emailLogs)
    .where(sql`${address} = any(${emailLogs.to})`);

const invitationValid = async (token: string) =>
  (await t.app.inject({ url: `/api/verify-invitation/?token=${encodeURIComponent(token)}` })).statusCode ===
  200;

describe('POST institution-helper/ by an administrator', () => {
  it('creates the institution in the status sent, with its RDA, and invites its official', async () => {
    const id = await createWithOfficial('Harbor Institute', 'hana@harbor.edu', 2);
    expect(await institution(id)).toMatchObject({
      name: 'Harbor Institute',
      official_name: 'Harbor Institute Corporation',
      status: 2,
      current_io: null,
      current_rda: expect.any(Number),
      rda_status: 1,
    });
    const [invitation] = await mailTo('hana@harbor.edu');
    expect(invitation?.subject).toBe('You are invited as signing official for Harbor Institute');
    expect(invitation?.text).toContain('has added Harbor Institute');
    const token = await invitationToken('hana@harbor.edu');
    const check = await t.app.inject({ url: `/api/verify-invitation/?token=${encodeURIComponent(token)}` });
    expect(check.json()).toMatchObject({
      email: 'hana@harbor.edu',
      first_name: 'Hana',
      institution: { id, name: 'Harbor Institute' },
    });
  });

  it('lets Follow Up and Reject e-mail the official who has not registered yet', async () => {
    const followedUp = await createWithOfficial('Follow Up Institute', 'fu@follow.edu', 2);
    const rejected = await createWithOfficial('Rejected Institute', 'rj@rejected.edu', 2);
    const decide = (id: number, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/institution/${id}/`,
        headers: auth(admin),
        payload,
      });

    expect((await decide(followedUp, { status: 5, comments: 'Please add the EIN.' })).statusCode).toBe(200);
    const [, revisions] = await mailTo('fu@follow.edu');
    expect(revisions?.subject).toBe('Follow Up Institute: revisions requested');
    expect(revisions?.text).toContain('Please add the EIN.');
    expect(revisions?.text).toContain('please first accept the invitation we e-mailed you');

    expect((await decide(rejected, { status: 4 })).statusCode).toBe(200);
    const [, rejection] = await mailTo('rj@rejected.edu');
    expect(rejection?.subject).toBe('Rejected Institute: institution not approved');
  });

  it('starts approved without a status; the official becomes its official on registering', async () => {
    const id = await createWithOfficial('Approved Institute', 'ap@approved.edu');
    expect((await institution(id)).status).toBe(3);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register-user/',
      remoteAddress: '10.71.0.1',
      payload: {
        token: await invitationToken('ap@approved.edu'),
        first_name: 'Hana',
        last_name: 'Harbor',
        email: 'ap@approved.edu',
        password: 'Signing-Official-1!',
        agreed_to_terms: true,
        title: 'Provost',
        phone_number: '555-0102',
      },
    });
    expect(registered.statusCode).toBe(201);
    // Registration answers no id (decision 117): the account is found by its address.
    const [official] = await t.database.db.select().from(users).where(eq(users.email, 'ap@approved.edu'));
    expect((await institution(id)).current_io).toMatchObject({ id: official!.id });
  });

  it('refuses a bad name, status or official with the message, and saves nothing', async () => {
    const send = (institution_data: object, io_data: object = official('bad@input.edu')) =>
      helper('POST', admin, { institution_data, io_data });
    const valid = { name: 'Bad Input Institute', official_name: 'Bad Input Institute' };

    expect(errorBody(await send({ ...valid, status: 7 }))).toMatchObject({
      institution_data: ['Choose a status from 1 (Pending SBSO) to 6 (Primary Researcher Adding New SBSO).'],
    });
    expect((await send({ ...valid, status: 0 })).statusCode).toBe(400);
    expect((await send({ ...valid, name: 'N'.repeat(101) })).statusCode).toBe(400);
    expect(
      errorBody(await send({ ...valid, status: 2 }, { ...official('bad@input.edu'), email: 'not-an-email' })),
    ).toMatchObject({ io_data: ['Please enter a valid email address.'] });
    expect(errorBody(await send({ ...valid, status: 2 }, { first_name: 'Hana' }))).toHaveProperty('io_data');
    expect(
      errorBody(await helper('POST', admin, { institution_data: { ...valid, status: 2 } })),
    ).toHaveProperty('io_data');

    expect(await institutionsNamed('Bad Input Institute')).toEqual([]);
    expect(await institutionsNamed('N'.repeat(101))).toEqual([]);
    expect(await emailsTo('bad@input.edu')).toEqual([]);

    // A name already in the system, whatever the official.
    await createWithOfficial('Taken Institute', 'first@taken.edu', 2);
    const taken = await send(
      { name: 'Taken Institute', official_name: 'Other' },
      official('second@taken.edu'),
    );
    expect(errorBody(taken)).toMatchObject({ name: ['Already in system'] });
    expect(await institutionsNamed('Taken Institute')).toHaveLength(1);
    expect(await emailsTo('second@taken.edu')).toEqual([]);
  });

  it('does not let a researcher set the status of their proposal', async () => {
    const researcher = await t.createUser({ roles: ['primary_researcher'], institutionId: undefined });
    const token = await t.tokenFor(researcher.email);
    const response = await helper('POST', token, {
      institution_data: { name: 'Self Approved U', official_name: 'Self Approved U', status: 3 },
      io_data: official('self@approved-u.edu'),
    });
    expect(response.statusCode).toBe(403);
    expect(await institutionsNamed('Self Approved U')).toEqual([]);
  });
});

describe('PATCH institution-helper/ by an administrator', () => {
  it('edits the institution, names a new official, and sends a Follow Up to the new one', async () => {
    const id = await createWithOfficial('Edited Institute', 'first@edited.edu', 2);
    const firstToken = await invitationToken('first@edited.edu');

    const renamed = await helper('PATCH', admin, {
      institution: id,
      institution_data: { name: 'Edited Institute of Science', ein: '12-3456789' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ institution: id });
    expect(await institution(id)).toMatchObject({ name: 'Edited Institute of Science', ein: '12-3456789' });

    const replaced = await helper('PATCH', admin, {
      institution: id,
      institution_data: { status: 5, comments: 'Your new official will complete the details.' },
      io_data: official('second@edited.edu'),
    });
    expect(replaced.statusCode).toBe(200);
    expect((await institution(id)).status).toBe(5);
    // Only the newest invitation is valid; the Follow Up reaches the official just named.
    expect(await invitationValid(firstToken)).toBe(false);
    const toSecond = await mailTo('second@edited.edu');
    expect(toSecond.map((mail) => mail.subject)).toEqual([
      'You are invited as signing official for Edited Institute of Science',
      'Edited Institute of Science: revisions requested',
    ]);
    expect((await mailTo('first@edited.edu')).map((mail) => mail.subject)).toEqual([
      'You are invited as signing official for Edited Institute',
    ]);
  });

  it('refuses what it cannot do and changes nothing', async () => {
    const id = await createWithOfficial('Unchanged Institute', 'kept@unchanged.edu', 3);
    const keptToken = await invitationToken('kept@unchanged.edu');
    expect(errorBody(await helper('PATCH', admin, { institution: id }))).toMatchObject({
      non_field_errors: ['Send institution_data, io_data or both.'],
    });
    // A review decision outside review: neither the decision nor the new official is kept.
    const decided = await helper('PATCH', admin, {
      institution: id,
      institution_data: { status: 4 },
      io_data: official('never@unchanged.edu'),
    });
    expect(errorBody(decided)).toMatchObject({
      status: ['Only an institution under review can be approved, followed up or rejected.'],
    });
    expect(
      errorBody(
        await helper('PATCH', admin, {
          institution: id,
          io_data: { ...official('x@unchanged.edu'), email: 'not-an-email' },
        }),
      ),
    ).toMatchObject({ io_data: ['Please enter a valid email address.'] });
    expect(await institution(id)).toMatchObject({ status: 3, name: 'Unchanged Institute' });
    expect(await invitationValid(keptToken)).toBe(true);
    expect(await emailsTo('never@unchanged.edu')).toEqual([]);
    expect(
      (await helper('PATCH', admin, { institution: 999_999, io_data: official('ghost@nowhere.edu') }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps the researcher’s shape: a new official only, for their own institution', async () => {
    const id = await createWithOfficial('Member Institute', 'official@member.edu', 3);
    const member = await t.createUser({ roles: ['primary_researcher'], institutionId: id });
    const token = await t.tokenFor(member.email);
    expect(
      (await helper('PATCH', token, { institution: id, institution_data: { name: 'Mine Now' } })).statusCode,
    ).toBe(403);
    expect(errorBody(await helper('PATCH', token, { institution: id }))).toMatchObject({
      non_field_errors: ['Send institution_data, io_data or both.'],
    });
    expect((await institution(id)).name).toBe('Member Institute');
  });
});

describe('an official invited by an administrator declines', () => {
  it('tells the administrator; the institution keeps its status', async () => {
    const id = await createWithOfficial('Declined Institute', 'no@declined.edu', 2);
    const token = await invitationToken('no@declined.edu');
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/decline-invitation/',
      payload: { token },
      remoteAddress: '10.71.0.2',
    });
    expect(declined.json()).toEqual({ status: 'declined' });
    expect((await institution(id)).status).toBe(2);
    const bell = (await t.app.inject({ url: '/api/notification/', headers: auth(admin) })).json();
    expect(bell.results[0]).toMatchObject({
      message: 'Hana Harbor declined to be the signing official of Declined Institute.',
      redirect: `/institution/${id}`,
    });
  });
});

describe('institution-helper/: OpenAPI', () => {
  it('documents the admin form’s status and the update’s institution_data', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const helperDoc = document.paths['/api/institution-helper/'];
    const post = helperDoc.post.requestBody.content['application/json'].schema;
    expect(post.properties.institution_data.properties.status.enum).toEqual([1, 2, 3, 4, 5, 6]);
    const patch = helperDoc.patch.requestBody.content['application/json'].schema;
    expect(Object.keys(patch.properties)).toEqual(['institution', 'institution_data', 'io_data']);
  });
});
