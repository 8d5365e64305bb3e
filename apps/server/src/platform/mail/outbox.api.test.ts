import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { emailLogs } from '../../db/schema';
import { openTestDatabase } from '../../../test/test-app';
import { startFakeSmtp } from '../../../test/fake-smtp';
import type { Database } from '../db/database';
import { seedReferenceData } from '../../db/seed';
import { createMailTransport } from './transport';
import { LEASE_SECONDS, MAX_ATTEMPTS, MailOutbox, queueEmail, releaseEmailClaims } from './outbox';

let database: Database;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let outbox: MailOutbox;
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database.db);
  smtp = await startFakeSmtp();
  outbox = new MailOutbox(database.db, createMailTransport(smtp.url), 'Portal <no-reply@portal.test>', quiet);
});
afterAll(async () => {
  await outbox.stop();
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  smtp.inbox.length = 0;
  smtp.reject(false);
  await database.db.delete(emailLogs);
});

const message = { to: ['ada@example.test'], subject: 'Hello', text: 'Body text', template: 'test' };

describe('mail outbox', () => {
  it('sends an e-mail queued in a committed transaction over SMTP and records it', async () => {
    await database.db.transaction((tx) => queueEmail(tx, message));
    expect(await outbox.deliverDue()).toBe(1);
    const [row] = await database.db.select().from(emailLogs);
    expect(smtp.inbox).toEqual([
      {
        to: ['ada@example.test'],
        subject: 'Hello',
        text: 'Body text\n',
        html: null,
        // The row's own id at the sender's domain, so a copy sent again can be recognised.
        messageId: `<${row!.messageId}@portal.test>`,
      },
    ]);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, claimedBy: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('attaches stored files read at delivery, and retries while one cannot be read', async () => {
    const stored = new Map([
      [7, { filename: 'letter.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' }],
    ]);
    const reads: number[][] = [];
    outbox.useAttachments(async (ids) => {
      reads.push([...ids]);
      return ids.flatMap((id) => (stored.has(id) ? [stored.get(id)!] : []));
    });
    await database.db.transaction((tx) =>
      queueEmail(tx, { ...message, modelName: 'request', objectIds: [3], attachmentFileIds: [7] }),
    );
    expect(reads).toEqual([]);
    expect(await outbox.deliverDue()).toBe(1);
    expect(smtp.inbox[0]?.attachments).toEqual([
      { filename: 'letter.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') },
    ]);
    const [sent] = await database.db.select().from(emailLogs);
    expect(sent).toMatchObject({
      status: 'sent',
      modelName: 'request',
      objectIds: [3],
      attachmentFileIds: [7],
    });

    const id = await queueEmail(database.db, { ...message, attachmentFileIds: [8] });
    expect(await outbox.deliverDue()).toBe(0);
    const [row] = await database.db.select().from(emailLogs).where(eq(emailLogs.id, id));
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'An attached file no longer exists',
    });
    expect(smtp.inbox).toHaveLength(1);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueEmail(tx, message);
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await outbox.deliverDue()).toBe(0);
    expect(smtp.inbox).toHaveLength(0);
    expect(await database.db.select().from(emailLogs)).toHaveLength(0);
  });

  it('retries a refused e-mail with backoff and gives up after the last attempt', async () => {
    smtp.reject(true);
    const id = await queueEmail(database.db, message);
    expect(await outbox.deliverDue()).toBe(0);
    let [row] = await database.db.select().from(emailLogs).where(eq(emailLogs.id, id));
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.lastError).toMatch(/Mailbox unavailable/);
    // Not due again until the backoff passes.
    expect(await outbox.deliverDue()).toBe(0);
    expect((await database.db.select().from(emailLogs))[0]?.attempts).toBe(1);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await database.db.update(emailLogs).set({ nextAttemptAt: sql`now() - interval '1 second'` });
      await outbox.deliverDue();
    }
    [row] = await database.db.select().from(emailLogs).where(eq(emailLogs.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('delivers a retried e-mail once the server accepts it again', async () => {
    smtp.reject(true);
    await queueEmail(database.db, message);
    await outbox.deliverDue();
    smtp.reject(false);
    await database.db.update(emailLogs).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await outbox.deliverDue()).toBe(1);
    expect(smtp.inbox).toHaveLength(1);
  });

  it('takes back an e-mail whose sender died mid-send once the lease runs out, with the same Message-ID', async () => {
    await queueEmail(database.db, message);
    await database.db.update(emailLogs).set({
      status: 'sending',
      attempts: 1,
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    });
    expect(await outbox.deliverDue()).toBe(0);
    await database.db.update(emailLogs).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await outbox.deliverDue()).toBe(1);
    const [row] = await database.db.select().from(emailLogs);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.inbox.map((mail) => mail.messageId)).toEqual([`<${row!.messageId}@portal.test>`]);
  });

  it('leases an e-mail being sent for two minutes, not ten', async () => {
    await queueEmail(database.db, message);
    const leases: number[] = [];
    // A transport that looks at the claim while the message is on its way.
    const watching = nodemailer.createTransport({
      name: 'watching',
      version: '1',
      send: (_mail: unknown, done: (error: Error | null, info: unknown) => void) => {
        database.db
          .select({
            seconds: sql<number>`round(extract(epoch from ${emailLogs.nextAttemptAt} - now()))::int`,
          })
          .from(emailLogs)
          .then(
            (rows) => {
              leases.push(...rows.map((row) => row.seconds));
              done(null, { messageId: 'x' });
            },
            (error: Error) => done(error, null),
          );
      },
    });
    const sender = new MailOutbox(database.db, watching, 'Portal <no-reply@portal.test>', quiet);
    expect(await sender.deliverDue()).toBe(1);
    expect(leases).toEqual([LEASE_SECONDS]);
    expect(LEASE_SECONDS).toBe(120);
  });

  it("sends again at once what a gone instance was sending, and leaves other instances' claims", async () => {
    const gone = '00000000-0000-4000-8000-000000000001';
    const alive = '00000000-0000-4000-8000-000000000002';
    const lease = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
    const first = await queueEmail(database.db, message);
    const second = await queueEmail(database.db, { ...message, subject: 'Other' });
    await database.db
      .update(emailLogs)
      .set({ status: 'sending', attempts: 1, claimedBy: gone, nextAttemptAt: lease })
      .where(eq(emailLogs.id, first));
    await database.db
      .update(emailLogs)
      .set({ status: 'sending', attempts: 1, claimedBy: alive, nextAttemptAt: lease })
      .where(eq(emailLogs.id, second));
    await database.db.transaction((tx) => releaseEmailClaims(tx, [gone]));
    expect(await outbox.deliverDue()).toBe(1);
    expect(smtp.inbox.map((mail) => mail.subject)).toEqual(['Hello']);
    const rows = await database.db.select().from(emailLogs).orderBy(emailLogs.id);
    expect(rows.map((row) => [row.status, row.claimedBy])).toEqual([
      ['sent', null],
      ['sending', alive],
    ]);
  });
});
