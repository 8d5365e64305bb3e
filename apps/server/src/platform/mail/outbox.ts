import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { emailLogs } from '../../db/schema';
import type { Db, DbOrTx } from '../db/database';
import { claimNextDue } from '../db/outbox-claim';

export interface OutgoingEmail {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text: string;
  html?: string;
  template: string;
  userId?: number | null;
  createdById?: number | null;
  /** What the e-mail is about (staff §7 "Email info"), e.g. `request` and its id. */
  modelName?: string | null;
  objectIds?: number[];
  /** Stored files to attach; read from file storage when the e-mail is delivered. */
  attachmentFileIds?: number[];
  /** Where replies go, when not to the sender (feedback with a contact address). */
  replyTo?: string | null;
  /** The logged e-mail this one sends again. */
  resentFromId?: number | null;
}

/** Reads stored files as attachments at delivery time (never inside the queuing transaction). */
export type AttachmentLoader = (
  fileIds: readonly number[],
) => Promise<{ filename: string; content: Buffer; contentType: string }[]>;

/** Queues an e-mail in the caller's transaction; it is sent only if that transaction commits. */
export async function queueEmail(tx: DbOrTx, email: OutgoingEmail): Promise<number> {
  const [row] = await tx
    .insert(emailLogs)
    .values({
      to: email.to,
      cc: email.cc ?? [],
      bcc: email.bcc ?? [],
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
      template: email.template,
      userId: email.userId ?? null,
      createdById: email.createdById ?? null,
      modelName: email.modelName ?? null,
      objectIds: email.objectIds ?? [],
      attachmentFileIds: email.attachmentFileIds ?? [],
      replyTo: email.replyTo ?? null,
      resentFromId: email.resentFromId ?? null,
    })
    .returning({ id: emailLogs.id });
  return row!.id;
}

export const MAX_ATTEMPTS = 5;
/** Minutes to wait before attempt n+1: 1, 2, 4, 8. */
const backoffMinutes = (attempts: number) => 2 ** (attempts - 1);
/**
 * A sender that dies mid-send leaves its e-mail claimed; after this lease it is due again. The
 * sender renews it while a long send goes on, and the instance registry releases the claims of
 * an instance it finds gone at once (decision 122), so the lease is only the last resort.
 */
export const LEASE_SECONDS = 120;

/**
 * Gives back the e-mails these (gone) instances were sending: due now, to be sent again with the
 * same Message-ID.
 */
export async function releaseEmailClaims(tx: DbOrTx, instanceIds: readonly string[]): Promise<void> {
  if (instanceIds.length === 0) return;
  await tx
    .update(emailLogs)
    .set({ status: 'queued', claimedBy: null, nextAttemptAt: sql`now()` })
    .where(and(eq(emailLogs.status, 'sending'), inArray(emailLogs.claimedBy, [...instanceIds])));
}

/** E-mails not yet sent, by status, and how long the oldest of them has waited (for metrics). */
export async function outboxBacklog(db: Db): Promise<{
  byStatus: Record<'queued' | 'sending' | 'failed', number>;
  oldestWaitingSeconds: number;
}> {
  const rows = await db
    .select({
      status: emailLogs.status,
      count: sql<number>`count(*)::int`,
      oldestSeconds: sql<number | null>`extract(epoch from now() - min(${emailLogs.created}))::float8`,
    })
    .from(emailLogs)
    .where(inArray(emailLogs.status, ['queued', 'sending', 'failed']))
    .groupBy(emailLogs.status);
  const byStatus = { queued: 0, sending: 0, failed: 0 };
  let oldestWaitingSeconds = 0;
  for (const row of rows) {
    if (row.status === 'sent') continue;
    byStatus[row.status] = row.count;
    // Failed e-mails wait for nobody: only those still to be sent count for the age.
    if (row.status !== 'failed')
      oldestWaitingSeconds = Math.max(oldestWaitingSeconds, row.oldestSeconds ?? 0);
  }
  return { byStatus, oldestWaitingSeconds };
}

/** The Message-ID header of an e-mail: its row's fixed id at the sender's domain. */
function messageIdHeader(messageId: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${messageId}@${domain}>`;
}

type Logger = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * Delivers queued e-mails, at least once (decision 122). Each is claimed in one short statement
 * (SKIP LOCKED, so several server instances never take the same one) and sent outside any
 * transaction; a failure is retried with backoff and marked failed after MAX_ATTEMPTS. Every
 * attempt carries the row's Message-ID: SMTP has no way to accept a message and record that in
 * our database together, so a crash between the two sends it again, and the receiver can tell.
 */
export class MailOutbox {
  private running: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private loadAttachments: AttachmentLoader | null = null;

  /** The server instance claiming e-mails (the registry releases its claims if it dies). */
  private readonly instanceId: string;

  constructor(
    private readonly db: Db,
    private readonly transport: Transporter,
    private readonly from: string,
    private readonly log: Logger,
    options: { instanceId?: string } = {},
  ) {
    this.instanceId = options.instanceId ?? randomUUID();
  }

  /** How attached files are read (file storage); without it an e-mail with attachments fails. */
  useAttachments(loader: AttachmentLoader): void {
    this.loadAttachments = loader;
  }

  /** Sends everything due now; concurrent calls share one run. Answers how many were sent. */
  deliverDue(): Promise<number> {
    this.running ??= this.deliverLoop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Sends what is due now (say, what a crashed predecessor left), then polls for due e-mails
   * (retries, and mail queued by another instance).
   */
  start(intervalMs = 5_000): void {
    void this.deliverDue().catch(() => undefined);
    this.timer = setInterval(() => void this.deliverDue().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async deliverLoop(): Promise<number> {
    let sent = 0;
    for (;;) {
      const email = await this.claimNext();
      if (!email) return sent;
      if (await this.send(email)) sent += 1;
    }
  }

  private claimNext() {
    return claimNextDue(this.db, emailLogs, this.instanceId, LEASE_SECONDS);
  }

  private async attachmentsOf(fileIds: readonly number[]) {
    if (!this.loadAttachments) throw new Error('No attachment storage configured');
    const found = await this.loadAttachments(fileIds);
    if (found.length !== new Set(fileIds).size) throw new Error('An attached file no longer exists');
    return found;
  }

  /** Keeps a long send (large attachments, a slow server) from being taken for abandoned. */
  private renewLease(emailId: number): NodeJS.Timeout {
    const timer = setInterval(
      () => {
        this.db
          .update(emailLogs)
          .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
          .where(
            and(
              eq(emailLogs.id, emailId),
              eq(emailLogs.status, 'sending'),
              eq(emailLogs.claimedBy, this.instanceId),
            ),
          )
          .catch(() => undefined);
      },
      (LEASE_SECONDS * 1000) / 3,
    );
    timer.unref();
    return timer;
  }

  private async send(email: typeof emailLogs.$inferSelect): Promise<boolean> {
    const lease = this.renewLease(email.id);
    try {
      const attachments = email.attachmentFileIds.length
        ? await this.attachmentsOf(email.attachmentFileIds)
        : undefined;
      await this.transport.sendMail({
        from: this.from,
        messageId: messageIdHeader(email.messageId, this.from),
        to: email.to,
        cc: email.cc,
        bcc: email.bcc,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        text: email.text,
        html: email.html ?? undefined,
        attachments,
      });
      await this.db
        .update(emailLogs)
        .set({ status: 'sent', sentAt: new Date(), lastError: null, claimedBy: null })
        .where(eq(emailLogs.id, email.id));
      this.log.info({ emailId: email.id, template: email.template }, 'e-mail sent');
      return true;
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      await this.db
        .update(emailLogs)
        .set({
          status: email.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
          claimedBy: null,
          lastError: message,
          nextAttemptAt: sql`now() + make_interval(mins => ${backoffMinutes(email.attempts)})`,
        })
        .where(eq(emailLogs.id, email.id));
      this.log.warn(
        { emailId: email.id, attempts: email.attempts, error: message },
        'e-mail delivery failed',
      );
      return false;
    } finally {
      clearInterval(lease);
    }
  }
}
