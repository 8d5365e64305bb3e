import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { FEEDBACK_MESSAGES, MESSAGES, type EmailLogDto } from '@rrp/domain';
import { emailLogs, files } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';
import { fakeRecaptcha } from '../../../test/fake-http';

/** The feedback form (POST email/ with `feedback: true`), resending from the log, attachments. */
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let recaptcha: Awaited<ReturnType<typeof fakeRecaptcha>>;
let admin: string;
let address = 0;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  recaptcha = await fakeRecaptcha();
  t = await createTestContext({
    config: {
      SMTP_URL: smtp.url,
      RECAPTCHA_SECRET_V3: 'v3-secret',
      RECAPTCHA_SECRET_V2: 'v2-secret',
      RECAPTCHA_VERIFY_URL: `${recaptcha.url}/siteverify`,
    },
  });
  admin = await t.tokenForRole('portal_admin');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await recaptcha.close();
});
beforeEach(async () => {
  await t.app.outbox.deliverDue();
  smtp.inbox.length = 0;
});

/** Each call from its own address, so the rate limit is only met where a test means to meet it. */
const post = (payload: object, token?: string, remoteAddress = `10.77.0.${++address}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email/',
    headers: token ? auth(token) : {},
    payload,
    remoteAddress,
  });
const logCount = async () => (await t.database.db.select({ n: count() }).from(emailLogs))[0]!.n;
const feedback = (overrides: object = {}) => ({
  feedback: true,
  body: 'The dataset page could say more about file sizes.',
  recaptcha_token: 'human',
  ...overrides,
});

describe('feedback (POST email/ with feedback: true)', () => {
  it('takes feedback from a visitor and delivers it to support, with the contact as Reply-To', async () => {
    const response = await post(
      feedback({ reply_wanted: true, contact_email: 'visitor@example.org', body: 'Hello <b>team</b>' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ detail: FEEDBACK_MESSAGES.thankYou });
    await t.app.outbox.deliverDue();
    expect(smtp.inbox).toHaveLength(1);
    const [mail] = smtp.inbox;
    expect(mail).toMatchObject({
      to: [t.config.supportEmail],
      subject: FEEDBACK_MESSAGES.subject,
      replyTo: 'visitor@example.org',
    });
    // Read as text: no markup from the form reaches support.
    expect(mail!.text).toContain('From: A visitor');
    expect(mail!.text).toContain('A reply is wanted, to visitor@example.org.');
    expect(mail!.text).toContain('Hello team');
    expect(mail!.html).not.toContain('<b>');
    const [row] = await t.database.db
      .select()
      .from(emailLogs)
      .orderBy(emailLogs.id)
      .limit(1)
      .offset((await logCount()) - 1);
    expect(row).toMatchObject({ template: 'feedback', createdById: null, replyTo: 'visitor@example.org' });
  });

  it('names a signed-in sender, and sets no Reply-To when no reply is wanted', async () => {
    const user = await t.createUser({
      roles: ['primary_researcher'],
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const token = await t.tokenFor(user.email);
    expect((await post(feedback(), token)).statusCode).toBe(201);
    await t.app.outbox.deliverDue();
    expect(smtp.inbox[0]!.text).toContain(`From: Ada Lovelace <${user.email}>`);
    expect(smtp.inbox[0]!.text).toContain('No reply is wanted.');
    expect(smtp.inbox[0]!.replyTo).toBeUndefined();
  });

  it.each([
    [{ body: undefined }, { body: [FEEDBACK_MESSAGES.required] }],
    [{ body: '   ' }, { body: [FEEDBACK_MESSAGES.required] }],
    [{ body: '<p> </p>' }, { body: [FEEDBACK_MESSAGES.required] }],
    [{ reply_wanted: true }, { contact_email: [FEEDBACK_MESSAGES.required] }],
    [{ reply_wanted: true, contact_email: 'nobody' }, { contact_email: [MESSAGES.invalidEmail] }],
    [{ to: ['someone@example.org'] }, { to: expect.any(Array) }],
  ])('refuses %j with the field’s message and sends nothing', async (overrides, message) => {
    const before = await logCount();
    const response = await post(feedback(overrides));
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toMatchObject(message);
    expect(await logCount()).toBe(before);
  });

  it('refuses a failed or missing bot check, and takes the v2 fallback', async () => {
    const before = await logCount();
    for (const token of ['bot', undefined]) {
      const refused = await post(feedback({ recaptcha_token: token }));
      expect(refused.statusCode).toBe(400);
      expect(errorBody(refused)).toMatchObject({
        non_field_errors: [MESSAGES.recaptchaFailed],
        code: 'RECAPTCHA_FAILED',
      });
    }
    expect(await logCount()).toBe(before);
    expect((await post(feedback({ recaptcha_token: 'v2-ok', is_v2: true }))).statusCode).toBe(201);
  });

  it('is rate-limited per client address like the other public forms', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await post(feedback(), undefined, '10.78.0.1')).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    // The staff composer from the same address is not counted with the public form.
    const composer = await post(
      { to: 'x@example.org', subject: 'S', body: 'B', send_to_non_existing_user: true },
      admin,
      '10.78.0.1',
    );
    expect(composer.statusCode).toBe(201);
  });

  it('keeps the composer itself for portal administrators', async () => {
    const composer = { to: 'x@example.org', subject: 'S', body: 'B', send_to_non_existing_user: true };
    expect((await post(composer)).statusCode).toBe(401);
    expect((await post(composer, await t.tokenForRole('primary_researcher'))).statusCode).toBe(403);
    expect((await post({ ...composer, feedback: false }, admin)).statusCode).toBe(201);
  });
});

describe('the composer’s attachments and sender', () => {
  it('sends files the sender may read and refuses others', async () => {
    const { institution } = await t.institutionWithOfficial('Attachment College');
    const rdaId = institution.current_rda!;
    const stranger = await t.createUser({ roles: ['primary_researcher'] });
    const [hidden] = await t.database.db
      .insert(files)
      .values({
        name: 'private.pdf',
        storageKey: 'nowhere',
        type: 'scratch',
        contentType: 'application/pdf',
        size: 1,
        creatorId: stranger.id,
      })
      .returning();
    const composer = {
      to: 'x@example.org',
      subject: 'RDA',
      body: 'Attached.',
      send_to_non_existing_user: true,
    };
    const before = await logCount();
    const refused = await post({ ...composer, attachments: [rdaId, hidden!.id] }, admin);
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused)).toMatchObject({ attachments: [`No file with id ${hidden!.id}.`] });
    expect(await logCount()).toBe(before);

    const sent = await post({ ...composer, attachments: [rdaId] }, admin);
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.outbox.deliverDue();
    expect(smtp.inbox[0]!.attachments).toHaveLength(1);
    expect(smtp.inbox[0]!.attachments![0]!.contentType).toBe('application/pdf');
  });

  it('takes the portal’s own sender address only', async () => {
    const composer = { to: 'x@example.org', subject: 'S', body: 'B', send_to_non_existing_user: true };
    expect((await post({ ...composer, from: t.config.mail.from }, admin)).statusCode).toBe(201);
    const spoofed = await post({ ...composer, from: 'ceo@example.org' }, admin);
    expect(spoofed.statusCode).toBe(400);
    expect(Object.keys(errorBody(spoofed))).toContain('from');
  });
});

describe('POST email_logs/{id}/resend/', () => {
  const resend = (id: number, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/email_logs/${id}/resend/`, headers: auth(token) });

  it('sends a failed e-mail again as a new entry, keeping the original as it was', async () => {
    smtp.reject(true);
    const original = (
      await post(
        { to: 'x@example.org', subject: 'Try again', body: 'Body', send_to_non_existing_user: true },
        admin,
      )
    ).json<EmailLogDto>();
    await t.app.outbox.deliverDue();
    await t.database.db
      .update(emailLogs)
      .set({ status: 'failed', attempts: 5 })
      .where(eq(emailLogs.id, original.id));
    smtp.reject(false);

    const response = await resend(original.id);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<EmailLogDto>();
    expect(copy).toMatchObject({ to: ['x@example.org'], subject: 'Try again', resent_from: original.id });
    expect(copy.id).not.toBe(original.id);
    await t.app.outbox.deliverDue();
    expect(smtp.inbox.map((mail) => mail.subject)).toEqual(['Try again']);

    const logs = await t.app.inject({
      url: `/api/email_logs/?id__in=${original.id},${copy.id}`,
      headers: auth(admin),
    });
    const byId = new Map(logs.json<{ results: EmailLogDto[] }>().results.map((log) => [log.id, log]));
    expect(byId.get(original.id)).toMatchObject({
      status: 'failed',
      attempts: 5,
      last_error: expect.any(String),
    });
    expect(byId.get(copy.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('refuses an e-mail still being sent, an unknown one, and roles without the log', async () => {
    const queued = (
      await post(
        { to: 'x@example.org', subject: 'Queued', body: 'B', send_to_non_existing_user: true },
        admin,
      )
    ).json<EmailLogDto>();
    await t.app.outbox.deliverDue();
    // Being sent by an instance whose lease runs for a while yet: the outbox leaves it alone.
    await t.database.db
      .update(emailLogs)
      .set({ status: 'sending', nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(emailLogs.id, queued.id));
    expect((await resend(queued.id)).statusCode).toBe(400);
    expect((await resend(999_999)).statusCode).toBe(404);
    expect((await resend(queued.id, await t.tokenForRole('portal_reviewer'))).statusCode).toBe(403);
    expect((await resend(queued.id, await t.tokenForRole('superuser'))).statusCode).toBe(400);
  });
});
