import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REMINDER_MESSAGES, type ReminderSettingDto } from '@rrp/domain';
import { buildApp } from '../../app';
import { addTeamMember, createProject, createRequest } from '../../db/factories';
import {
  emailLogs,
  institutions,
  notifications,
  requestReviewers,
  requestSummaries,
  requests,
  scheduledJobs,
} from '../../db/schema';
import { openPostgres, type Database } from '../../platform/db/database';
import { startFakeSmtp } from '../../../test/fake-smtp';
import { createRdaWithHistory, writeRequestHistory } from '../../../test/status-history';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

/**
 * Reminders about stalled work (issue 19, decisions 272–274): one of each kind is due, the job sends
 * each once — however often and on however many instances it runs — through the e-mail log to a
 * real SMTP server, with a bell notification, and not by e-mail to someone who stopped them.
 */
let t: TestContext;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let second: FastifyInstance;
let secondDatabase: Database | null = null;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const people: Record<'reviewer' | 'owner' | 'official' | 'member' | 'admin', { id: number; email: string }> =
  {} as never;
let ownerToken: string;
let superuserToken: string;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestContext({ config: { SMTP_URL: smtp.url } });
  const db = t.database.db;
  people.reviewer = await t.createUser({
    roles: ['internal_reviewer'],
    firstName: 'Rita',
    lastName: 'Reviewer',
  });
  people.owner = await t.createUser({ roles: ['primary_researcher'], firstName: 'Omar', lastName: 'Owner' });
  people.official = await t.createUser({ roles: ['sbso'], firstName: 'Sara', lastName: 'Official' });
  people.member = await t.createUser({
    roles: ['primary_researcher'],
    firstName: 'Cleo',
    lastName: 'Coinvestigator',
    institutionVerified: false,
  });
  people.admin = await t.createUser({ roles: ['portal_admin'], firstName: 'Ada', lastName: 'Admin' });
  ownerToken = await t.tokenFor(people.owner.email);
  superuserToken = await t.tokenForRole('superuser');
  const project = await createProject(db, { ownerId: people.owner.id, title: 'Sleep and language' });

  // A Research Match application under review, due in two days, its reviewer's scoring not done.
  const application = await createRequest(db, { projectId: project.id, typeId: 4, statusId: 1 });
  await writeRequestHistory(db, application.id, [
    [2, ago(30)],
    [3, ago(20)],
  ]);
  await db
    .insert(requestSummaries)
    .values({ requestId: application.id, dueDate: new Date(Date.now() + 2 * DAY), reviewCycle: 1 });
  await db
    .insert(requestReviewers)
    .values({ requestId: application.id, userId: people.reviewer.id, reviewerRole: 1 });

  // An institution whose RDA has waited eight days for its official.
  const [university] = await db.select().from(institutions).where(eq(institutions.name, 'Test University'));
  const rda = await createRdaWithHistory(db, university!.id, [[1, ago(8)]]);
  await db
    .update(institutions)
    .set({ currentRdaId: rda, currentIoId: people.official.id })
    .where(eq(institutions.id, university!.id));

  // An approved request waiting four days for its team: the co-investigator has not signed the joinder.
  const teamProject = await createProject(db, { ownerId: people.owner.id, title: 'Team study' });
  await addTeamMember(db, {
    projectId: teamProject.id,
    email: people.member.email,
    firstName: 'Cleo',
    lastName: 'Coinvestigator',
    userRole: 2,
    institutionId: university!.id,
  });
  const pending = await createRequest(db, { projectId: teamProject.id, typeId: 1, statusId: 1 });
  await writeRequestHistory(db, pending.id, [
    [2, ago(9)],
    [12, ago(4)],
  ]);

  // Revisions requested 15 days ago; and a request submitted 12 days ago that nobody has touched.
  const returned = await createRequest(db, {
    projectId: project.id,
    typeId: 1,
    statusId: 1,
    displayName: 'SSC Phenotype Data',
  });
  await writeRequestHistory(db, returned.id, [
    [1, ago(20)],
    [2, ago(19)],
    [6, ago(15)],
  ]);
  const untouched = await createRequest(db, { projectId: project.id, typeId: 2, statusId: 1 });
  await writeRequestHistory(db, untouched.id, [[2, ago(12)]]);
  await db
    .update(requests)
    .set({ modified: ago(12) })
    .where(eq(requests.id, untouched.id));
  // Not yet due: revisions requested 3 days ago, submitted yesterday.
  const recent = await createRequest(db, { projectId: project.id, typeId: 1, statusId: 1 });
  await writeRequestHistory(db, recent.id, [
    [2, ago(5)],
    [6, ago(3)],
  ]);
  const fresh = await createRequest(db, { projectId: project.id, typeId: 1, statusId: 1 });
  await writeRequestHistory(db, fresh.id, [[2, ago(1)]]);

  // A second server instance on the same database (its own pool on the PostgreSQL pass).
  secondDatabase = t.database.url ? await openPostgres(t.database.url, { poolSize: 3 }) : null;
  second = await buildApp({ config: t.config, database: secondDatabase ?? t.database });
  await second.ready();
}, 180_000);

afterAll(async () => {
  await second.close();
  await secondDatabase?.close();
  await t.close();
  await smtp.close();
});

beforeEach(async () => {
  await t.app.outbox.deliverDue();
  smtp.inbox.length = 0;
});

const inboxOf = (email: string) => smtp.inbox.filter((mail) => mail.to.includes(email));
const subjects = (email: string) => inboxOf(email).map((mail) => mail.subject);

async function bellOf(userId: number) {
  return t.database.db
    .select({ message: notifications.message, redirect: notifications.redirect })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.taskName, 'reminder')));
}

describe('the reminders job', () => {
  it('e-mails and bell-notifies each reminder once, through the e-mail log, however often it runs', async () => {
    const summary = await t.app.reminders.run();
    expect(summary).toEqual({
      review_due: { emails: 1, notifications: 1 },
      rda_signature: { emails: 1, notifications: 1 },
      joinder: { emails: 1, notifications: 1 },
      revisions: { emails: 1, notifications: 1 },
      submitted_untouched: { emails: 1, notifications: 1 },
    });
    await t.app.outbox.deliverDue();

    expect(subjects(people.reviewer.email)).toEqual(['Reminder: Research Match scoring due within 3 days']);
    expect(inboxOf(people.reviewer.email)[0]!.text).toMatch(/^Dear Rita Reviewer,/);
    expect(inboxOf(people.reviewer.email)[0]!.text).toMatch(
      /- RM\d{4}: due \d{4}-\d{2}-\d{2}: http:\/\/localhost:\d+\/request\/\d+/,
    );
    expect(subjects(people.official.email)).toEqual([
      "Reminder: your institution's RDA is waiting for your signature",
    ]);
    expect(inboxOf(people.official.email)[0]!.text).toContain('Test University: RDA waiting since');
    expect(subjects(people.member.email)).toEqual([
      'Reminder: a request is waiting for you to sign the joinder',
    ]);
    expect(subjects(people.owner.email)).toEqual(['Reminder: requests waiting for your revisions']);
    const revisions = inboxOf(people.owner.email)[0]!.text;
    expect(revisions).toContain('(SSC Phenotype Data): revisions requested on');
    expect(revisions).toContain('You can stop reminder e-mails on My Profile (http://localhost');
    // The request returned three days ago is not due yet; nor is the one submitted yesterday.
    expect(revisions.match(/^- /gm)).toHaveLength(1);
    expect(subjects(people.admin.email)).toEqual(['Reminder: submitted requests untouched for 10 days']);
    expect(inboxOf(people.admin.email)[0]!.text.match(/^- /gm)).toHaveLength(1);

    // Each is in the e-mail log under its template, and in the bell.
    const logged = await t.database.db
      .select({ template: emailLogs.template, status: emailLogs.status })
      .from(emailLogs)
      .where(sql`${emailLogs.template} like 'reminder_%'`);
    expect(logged.map((row) => row.template).sort()).toEqual([
      'reminder_joinder',
      'reminder_rda_signature',
      'reminder_review_due',
      'reminder_revisions',
      'reminder_submitted_untouched',
    ]);
    expect(logged.every((row) => row.status === 'sent')).toBe(true);
    expect(await bellOf(people.official.id)).toEqual([
      {
        message: "Reminder: your institution's RDA is waiting for your signature",
        redirect: expect.stringMatching(/^\/rda\/\d+$/),
      },
    ]);

    // Run again: nothing is due that was not already sent.
    smtp.inbox.length = 0;
    expect(Object.values(await t.app.reminders.run()).every((kind) => kind?.emails === 0)).toBe(true);
    await t.app.outbox.deliverDue();
    expect(smtp.inbox).toEqual([]);
  });

  it('runs once per slot on however many instances, and sends nothing twice when they race', async () => {
    await t.database.db.update(scheduledJobs).set({ nextRunAt: sql`now()` });
    const [first, other] = await Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);
    expect([...first, ...other]).toEqual(['reminders']);
    // Both instances running the reminders themselves at once still send each one once.
    const later = new Date(Date.now() + 15 * DAY);
    const runs = await Promise.all([t.app.reminders.run(later), second.reminders.run(later)]);
    const emails = runs
      .flatMap((run) => Object.values(run))
      .reduce((sum, kind) => sum + (kind?.emails ?? 0), 0);
    // Each instance starts delivering what it queued: wait for both, or a late e-mail of the second
    // lands in the next test.
    await Promise.all([t.app.outbox.deliverDue(), second.outbox.deliverDue()]);
    expect(smtp.inbox).toHaveLength(emails);
    const perPerson = smtp.inbox.map((mail) => `${mail.to.join()} ${mail.subject}`);
    expect(new Set(perPerson).size).toBe(perPerson.length);
  });

  it('reminds again after the interval, but not by e-mail to someone who stopped reminder e-mails', async () => {
    const optOut = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${people.owner.id}/`,
      headers: auth(ownerToken),
      payload: { reminder_email_opted_in: false },
    });
    expect(optOut.statusCode, optOut.body).toBe(200);
    expect(optOut.json().reminder_email_opted_in).toBe(false);
    const bellBefore = (await bellOf(people.owner.id)).length;

    const summary = await t.app.reminders.run(new Date(Date.now() + 31 * DAY));
    await t.app.outbox.deliverDue();
    expect(inboxOf(people.owner.email)).toEqual([]);
    expect(summary.revisions).toEqual({ emails: 0, notifications: 1 });
    expect(await bellOf(people.owner.id)).toHaveLength(bellBefore + 1);
    // The others hear again, as the interval has passed.
    expect(subjects(people.admin.email)).toEqual(['Reminder: submitted requests untouched for 10 days']);
  });
});

describe('reminder-setting/', () => {
  it('lets administrators change when reminders go out and what they say', async () => {
    const admin = await t.tokenFor(people.admin.email);
    const list = await t.app.inject({ url: '/api/reminder-setting/', headers: auth(admin) });
    expect(list.statusCode).toBe(200);
    const settings = list.json<{ results: ReminderSettingDto[] }>().results;
    expect(settings.map((row) => [row.kind, row.after_days, row.every_days])).toEqual([
      ['review_due', 3, 7],
      ['rda_signature', 7, 7],
      ['joinder', 3, 7],
      ['revisions', 14, 14],
      ['submitted_untouched', 10, 10],
    ]);
    const revisions = settings.find((row) => row.kind === 'revisions')!;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/reminder-setting/${revisions.id}/`,
      headers: auth(admin),
      payload: { after_days: 7, subject: '{product}: requests waiting for your revisions ({count})' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      after_days: 7,
      subject: '{product}: requests waiting for your revisions ({count})',
    });

    // Returned eight days ago: due after 7 days, not after the default 14 (to the bell: opted out).
    const project = await createProject(t.database.db, { ownerId: people.owner.id, title: 'Eight days' });
    const returned = await createRequest(t.database.db, { projectId: project.id, typeId: 1, statusId: 1 });
    await writeRequestHistory(t.database.db, returned.id, [
      [2, ago(10)],
      [6, ago(8)],
    ]);
    const summary = await t.app.reminders.run();
    expect(summary.revisions).toEqual({ emails: 0, notifications: 1 });
    const [latest] = (await bellOf(people.owner.id)).slice(-1);
    expect(latest).toEqual({
      message: `${t.config.productName}: requests waiting for your revisions (1)`,
      redirect: `/request/${returned.id}`,
    });
  });

  it('refuses unknown placeholders and days out of range, and is not for other roles', async () => {
    const admin = await t.tokenFor(people.admin.email);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/reminder-setting/1/',
      headers: auth(admin),
      payload: { every_days: 0, body: 'Dear {nmae}, {items}' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad)).toMatchObject({
      every_days: [REMINDER_MESSAGES.days],
      body: [REMINDER_MESSAGES.unknownPlaceholder(['nmae'])],
    });
    expect(
      (await t.app.inject({ url: '/api/reminder-setting/1/', headers: auth(superuserToken) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/reminder-setting/1/', headers: auth(ownerToken) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/reminder-setting/99/', headers: auth(admin) })).statusCode).toBe(
      404,
    );
  });
});
