import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { EmailLogDto } from '@rrp/domain';
import { emailLogs, history } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let admin: string;
let official: { id: number; email: string };
let institutionId: number;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestContext({ config: { SMTP_URL: smtp.url } });
  admin = await t.tokenForRole('portal_admin');
  const created = await t.institutionWithOfficial('Composer University');
  official = created.official;
  institutionId = created.institution.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.app.outbox.deliverDue();
  smtp.inbox.length = 0;
});

const send = (payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: '/api/email/', headers: auth(token), payload });
const logCount = async () => (await t.database.db.select({ n: count() }).from(emailLogs))[0]!.n;
const compliance = (overrides: object = {}) => ({
  to: official.email,
  subject: 'Annual researcher review',
  body: 'Dear Olga,\n\nPlease complete the annual researcher review.',
  email_template: 'compliance',
  model_name: 'institution',
  object_ids: [institutionId],
  ...overrides,
});

describe('e-mail composer: drafts', () => {
  it('drafts the compliance e-mail to the institution’s signing official', async () => {
    const response = await t.app.inject({
      url: `/api/email/?email_type=compliance&model_name=institution&obj_ids=${institutionId}`,
      headers: auth(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json();
    expect(draft).toMatchObject({
      to: [official.email],
      cc: [],
      bcc: [],
      subject: expect.stringContaining('Composer University'),
      email_template: 'compliance',
      model_name: 'institution',
      object_ids: [institutionId],
    });
    expect(draft.from).toBe(t.config.mail.from);
    expect(draft.body).toMatch(/^Dear Olga Official,/);
    expect(draft.body).toContain('annual researcher review for Composer University');
    expect(draft.body).toContain('/annual-researcher-review');
  });

  it('answers 400 for an unknown template, another model or a missing object', async () => {
    const get = (query: string) => t.app.inject({ url: `/api/email/?${query}`, headers: auth(admin) });
    expect(errorBody(await get('email_type=party&model_name=institution&obj_ids=1'))).toMatchObject({
      email_type: ['Unknown e-mail template: party.'],
    });
    expect(
      errorBody(await get(`email_type=compliance&model_name=user&obj_ids=${institutionId}`)),
    ).toMatchObject({
      model_name: ['The compliance template is about institution.'],
    });
    expect(errorBody(await get('email_type=compliance&model_name=institution&obj_ids=99999'))).toMatchObject({
      obj_ids: ['Unknown id: 99999.'],
    });
    expect((await get('email_type=compliance&model_name=institution&obj_ids=a,b')).statusCode).toBe(400);
  });
});

describe('e-mail composer: sending', () => {
  it('queues, records and delivers the e-mail with its template and objects', async () => {
    const response = await send(
      compliance({ cc: 'copy@example.test, second@example.test', bcc: ['hidden@example.test'] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const log = response.json<EmailLogDto>();
    expect(log).toMatchObject({
      to: [official.email],
      cc: ['copy@example.test', 'second@example.test'],
      bcc: ['hidden@example.test'],
      subject: 'Annual researcher review',
      body: 'Dear Olga,\n\nPlease complete the annual researcher review.',
      html: '<p>Dear Olga,</p>\n<p>Please complete the annual researcher review.</p>',
      template: 'compliance',
      model_name: 'institution',
      object_ids: [institutionId],
      created_by: { id: expect.any(Number) },
    });
    await t.app.outbox.deliverDue();
    expect(smtp.inbox).toEqual([
      expect.objectContaining({ to: [official.email], subject: 'Annual researcher review' }),
    ]);
    const [row] = await t.database.db.select().from(emailLogs).where(eq(emailLogs.id, log.id));
    expect(row).toMatchObject({ status: 'sent', userId: official.id });
    const [audit] = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.model, 'email_log'), eq(history.objectId, String(log.id))));
    expect(audit?.data).toEqual({
      template: 'compliance',
      model_name: 'institution',
      object_ids: [institutionId],
    });
  });

  it('splits recipient text on spaces and commas and drops repeats', async () => {
    const other = await t.createUser({ roles: ['primary_researcher'] });
    const response = await send(
      compliance({ to: `${official.email}, ${other.email}  ${official.email.toUpperCase()}` }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().to).toEqual([official.email, other.email]);
  });

  it('sanitises an HTML body and derives its text part', async () => {
    const response = await send(
      compliance({
        body: '<p onclick="x()">Hello <script>alert(1)</script><b>Olga</b></p><p>Bye &amp; thanks</p>',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      html: '<p>Hello <b>Olga</b></p><p>Bye &amp; thanks</p>',
      body: 'Hello Olga\n\nBye & thanks',
    });
  });

  it.each([
    [{ to: 'not-an-address' }, { to: ['Please enter a valid email address.'] }],
    [{ to: '' }, { to: ['Please enter a valid email address.'] }],
    [{ to: [] }, { to: ['Please enter a valid email address.'] }],
    [{ cc: 'ok@example.test, broken@' }, { cc: ['Please enter a valid email address.'] }],
    [{ subject: '  ' }, { subject: ['Fields cannot be blank.'] }],
    [{ body: '' }, { body: ['Fields cannot be blank.'] }],
  ])('refuses %j with the message and queues nothing', async (overrides, message) => {
    const before = await logCount();
    const response = await send(compliance(overrides));
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject(message);
    expect(await logCount()).toBe(before);
  });

  it('refuses an address with no account unless asked to send to non-users', async () => {
    const before = await logCount();
    const refused = await send(compliance({ to: 'stranger@example.test' }));
    expect(errorBody(refused)).toMatchObject({
      to: ['No portal user has the e-mail address stranger@example.test.'],
    });
    expect(await logCount()).toBe(before);
    const sent = await send(compliance({ to: 'stranger@example.test', send_to_non_existing_user: true }));
    expect(sent.statusCode).toBe(201);
    expect(sent.json().to).toEqual(['stranger@example.test']);
  });

  it('checks the template and the objects it is about', async () => {
    const before = await logCount();
    expect(errorBody(await send(compliance({ object_ids: [99999] })))).toMatchObject({
      object_ids: ['Unknown id: 99999.'],
    });
    expect(errorBody(await send(compliance({ object_ids: [] })))).toMatchObject({
      object_ids: ['Name the objects this e-mail is about.'],
    });
    expect(errorBody(await send(compliance({ email_template: 'party' })))).toMatchObject({
      email_template: ['Unknown e-mail template: party.'],
    });
    expect(errorBody(await send(compliance({ model_name: 'user' })))).toMatchObject({
      model_name: ['The compliance template is about institution.'],
    });
    expect(errorBody(await send(compliance({ email_template: 'custom' })))).toMatchObject({
      email_template: ['Choose the template of the objects this e-mail is about.'],
    });
    expect((await send(compliance({ surprise: true }))).statusCode).toBe(400);
    expect(await logCount()).toBe(before);
    const custom = await send({ to: official.email, subject: 'Hello', body: 'Just a note.' });
    expect(custom.statusCode).toBe(201);
    expect(custom.json()).toMatchObject({ template: 'custom', model_name: null, object_ids: [] });
  });

  it('lets only portal administrators draft and send', async () => {
    for (const role of ['portal_reviewer', 'sbso', 'superuser', 'primary_researcher'] as const) {
      const token = await t.tokenForRole(role);
      expect((await send(compliance(), token)).statusCode, role).toBe(403);
      const draft = await t.app.inject({
        url: `/api/email/?email_type=compliance&model_name=institution&obj_ids=${institutionId}`,
        headers: auth(token),
      });
      expect(draft.statusCode, role).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/email/', payload: compliance() })).statusCode,
    ).toBe(401);
  });
});

describe('e-mail logs', () => {
  it('lists e-mails by template and the objects they were about, latest first', async () => {
    const other = await t.institutionWithOfficial('Second Composer College');
    const first = (await send(compliance({ subject: 'First' }))).json<EmailLogDto>();
    const second = (await send(compliance({ subject: 'Second' }))).json<EmailLogDto>();
    const third = (
      await send(
        compliance({ to: other.official.email, subject: 'Third', object_ids: [other.institution.id] }),
      )
    ).json<EmailLogDto>();
    const get = (query: string) => t.app.inject({ url: `/api/email_logs/?${query}`, headers: auth(admin) });

    const mine = (await get(`template=compliance&object_ids=${institutionId}`)).json<{
      results: EmailLogDto[];
    }>();
    expect(mine.results.slice(0, 2).map((log) => log.id)).toEqual([second.id, first.id]);
    expect(mine.results.every((log) => log.object_ids.includes(institutionId))).toBe(true);

    const both = (
      await get(`template=compliance&object_ids=${institutionId},${other.institution.id}&limit=1`)
    ).json();
    expect(both.results.map((log: EmailLogDto) => log.id)).toEqual([third.id]);
    expect(both.next).toContain('offset=1');

    const byModel = (await get(`model_name=user&object_ids=${institutionId}`)).json();
    expect(byModel.count).toBe(0);
    const sysMail = (await get('template=custom')).json<{ results: EmailLogDto[] }>();
    expect(sysMail.results.every((log) => log.template === 'custom')).toBe(true);
  });

  it('answers 400 for bad filters and 403 for other roles', async () => {
    const bad = await t.app.inject({ url: '/api/email_logs/?object_ids=one', headers: auth(admin) });
    expect(errorBody(bad)).toMatchObject({ object_ids: ['Enter ids separated by commas.'] });
    expect(
      (await t.app.inject({ url: '/api/email_logs/?colour=red', headers: auth(admin) })).statusCode,
    ).toBe(400);
    const reviewer = await t.tokenForRole('portal_reviewer');
    expect((await t.app.inject({ url: '/api/email_logs/', headers: auth(reviewer) })).statusCode).toBe(403);
  });
});
