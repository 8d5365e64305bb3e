import type { SQL } from 'drizzle-orm';
import {
  can,
  canonicalId,
  FEEDBACK_MESSAGES,
  MESSAGES,
  type Actor,
  type EmailInfoDto,
  type EmailLogDto,
  type Feedback,
  type PostEmail,
  type SendEmail,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import type { BotCheck } from '../../platform/external/recaptcha';
import {
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { parseListQuery } from '../../platform/list';
import type { Mailer } from '../../platform/mail/mailer';
import { plainText, renderBody } from './email-body';
import { emailLogList } from './email.lists';
import * as repo from './email.repo';

/** A draft the composer opens with. */
export interface EmailDraft {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  body: string;
}

/**
 * An e-mail template another module offers for its objects (e.g. `compliance` for institutions):
 * which objects exist, and the draft for some of them. Registered at start-up.
 */
export interface EmailTemplate {
  modelName: string;
  /** The ids among these that exist (and that the template can be sent about). */
  existing(db: DbOrTx, ids: number[]): Promise<number[]>;
  draft(db: DbOrTx, ids: number[]): Promise<EmailDraft>;
}

/** Free-form e-mail, about no object. */
const CUSTOM_TEMPLATE = 'custom';

/** The feedback form's e-mail to support (staff §2.14). */
const FEEDBACK_TEMPLATE = 'feedback';

/** Reads which files an e-mail may carry: those the sender may read (the files module decides). */
export type AttachmentCheck = (tx: DbOrTx, actor: Actor, fileIds: readonly number[]) => Promise<void>;

function present({ log, creator, audit }: repo.EmailLogRow): EmailLogDto {
  return {
    id: log.id,
    to: log.to,
    cc: log.cc,
    bcc: log.bcc,
    subject: log.subject,
    body: log.text,
    html: log.html,
    template: log.template,
    model_name: audit?.model_name ?? null,
    object_ids: audit?.object_ids ?? [],
    status: log.status,
    attempts: log.attempts,
    last_error: log.lastError,
    resent_from: log.resentFromId,
    created: log.created.toISOString(),
    sent_at: log.sentAt?.toISOString() ?? null,
    created_by: creator
      ? { id: creator.id, full_name: `${creator.firstName} ${creator.lastName}`.trim() }
      : null,
  };
}

function parseIds(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.some((part) => canonicalId(part) === undefined)) {
    throw new ValidationError({ object_ids: ['Enter ids separated by commas.'] });
  }
  return parts.map(Number);
}

/** The address part of a sender such as `Portal <noreply@portal.test>`. */
const addressOf = (sender: string) => /<([^>]+)>\s*$/.exec(sender)?.[1] ?? sender.trim();

export function createEmailService(deps: {
  db: Db;
  mailer: Mailer;
  from: string;
  supportEmail: string;
  botCheck: BotCheck;
  assertAttachable: AttachmentCheck;
}) {
  const { db, mailer } = deps;
  const templates = new Map<string, EmailTemplate>();

  function templateFor(key: string, field: string): EmailTemplate {
    const template = templates.get(key);
    if (!template) throw new ValidationError({ [field]: [`Unknown e-mail template: ${key}.`] });
    return template;
  }

  async function assertObjects(tx: DbOrTx, template: EmailTemplate, ids: number[], field: string) {
    const found = new Set(await template.existing(tx, ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new ValidationError({ [field]: [`Unknown id: ${missing.join(', ')}.`] });
  }

  const service = {
    registerTemplate(key: string, template: EmailTemplate) {
      if (key === CUSTOM_TEMPLATE || templates.has(key)) throw new Error(`E-mail template ${key} exists`);
      templates.set(key, template);
    },

    /** GET email/: the draft of a template for some objects ("Email info"). */
    async info(query: { email_type: string; model_name: string; obj_ids: number[] }): Promise<EmailInfoDto> {
      const template = templateFor(query.email_type, 'email_type');
      if (template.modelName !== query.model_name) {
        throw new ValidationError({
          model_name: [`The ${query.email_type} template is about ${template.modelName}.`],
        });
      }
      const ids = [...new Set(query.obj_ids)];
      await assertObjects(db, template, ids, 'obj_ids');
      const draft = await template.draft(db, ids);
      return {
        from: deps.from,
        to: draft.to,
        cc: draft.cc ?? [],
        bcc: draft.bcc ?? [],
        subject: draft.subject,
        body: draft.body,
        email_template: query.email_type,
        model_name: template.modelName,
        object_ids: ids,
      };
    },

    /**
     * POST email/ (staff §7 "POST send email"): feedback from anyone, or the staff composer, which
     * needs the Email grant (as POST notification/ does for staff notifications).
     */
    post(
      actor: Actor | null,
      input: PostEmail,
      remoteIp?: string,
    ): Promise<EmailLogDto | { detail: string }> {
      if (input.feedback) return service.sendFeedback(actor, input, remoteIp);
      if (!can(actor, 'create', 'Email')) throw actor ? new ForbiddenError() : new UnauthorizedError();
      return service.send(actor!, input);
    },

    /**
     * The feedback form: after the bot check, one e-mail to the support address with the text
     * (read as plain text, so no markup reaches support), who sent it, and whether and where they
     * want a reply; replies go straight to the contact address.
     */
    async sendFeedback(actor: Actor | null, input: Feedback, remoteIp?: string): Promise<{ detail: string }> {
      if (!(await deps.botCheck.verify(input.recaptcha_token, input.is_v2 ?? false, remoteIp))) {
        throw ValidationError.nonField(MESSAGES.recaptchaFailed, 'RECAPTCHA_FAILED');
      }
      const text = plainText(input.body);
      if (!text) throw new ValidationError({ body: [FEEDBACK_MESSAGES.required] });
      await db.transaction(async (tx) => {
        const sender = actor ? await repo.userById(tx, actor.userId) : null;
        const from = sender ? `${sender.firstName} ${sender.lastName} <${sender.email}>`.trim() : 'A visitor';
        const reply = input.reply_wanted
          ? `A reply is wanted, to ${input.contact_email}.`
          : 'No reply is wanted.';
        const body = renderBody([`From: ${from}`, reply, text].join('\n\n'));
        await mailer.queue(tx, {
          to: [deps.supportEmail],
          subject: FEEDBACK_MESSAGES.subject,
          ...body,
          template: FEEDBACK_TEMPLATE,
          createdById: actor?.userId ?? null,
          replyTo: input.reply_wanted ? input.contact_email : null,
        });
      });
      return { detail: FEEDBACK_MESSAGES.thankYou };
    },

    /**
     * The staff composer: queues the e-mail in a transaction with its audit row (who sent which
     * template about which objects), then starts delivery. Bad input changes nothing and queues nothing.
     */
    async send(actor: Actor, input: SendEmail): Promise<EmailLogDto> {
      if (
        input.from !== undefined &&
        addressOf(input.from).toLowerCase() !== addressOf(deps.from).toLowerCase()
      ) {
        throw new ValidationError({ from: [`E-mail is sent from ${addressOf(deps.from)}.`] });
      }
      const objectIds = [...new Set(input.object_ids)];
      const attachments = [...new Set(input.attachments)];
      const id = await db.transaction(async (tx) => {
        let modelName: string | null = null;
        if (input.email_template === CUSTOM_TEMPLATE) {
          if (objectIds.length || input.model_name) {
            throw new ValidationError({
              email_template: ['Choose the template of the objects this e-mail is about.'],
            });
          }
        } else {
          const template = templateFor(input.email_template, 'email_template');
          if (input.model_name && input.model_name !== template.modelName) {
            throw new ValidationError({
              model_name: [`The ${input.email_template} template is about ${template.modelName}.`],
            });
          }
          if (!objectIds.length)
            throw new ValidationError({ object_ids: ['Name the objects this e-mail is about.'] });
          await assertObjects(tx, template, objectIds, 'object_ids');
          modelName = template.modelName;
        }
        const known = await repo.usersByEmail(tx, input.to);
        if (!input.send_to_non_existing_user) {
          const knownEmails = new Set(known.map((user) => user.email.toLowerCase()));
          const strangers = input.to.filter((address) => !knownEmails.has(address.toLowerCase()));
          if (strangers.length) {
            throw new ValidationError({
              to: [`No portal user has the e-mail address ${strangers.join(', ')}.`],
            });
          }
        }
        await deps.assertAttachable(tx, actor, attachments);
        const { text, html } = renderBody(input.body);
        const emailId = await mailer.queue(tx, {
          to: input.to,
          cc: input.cc,
          bcc: input.bcc,
          subject: input.subject,
          text,
          html,
          template: input.email_template,
          userId: input.to.length === 1 ? (known[0]?.id ?? null) : null,
          createdById: actor.userId,
          attachmentFileIds: attachments,
        });
        await recordHistory(tx, {
          model: repo.EMAIL_HISTORY_MODEL,
          objectId: emailId,
          action: 'create',
          after: { template: input.email_template, model_name: modelName, object_ids: objectIds },
          by: actor,
        });
        return emailId;
      });
      return present((await repo.findEmailLog(db, id))!);
    },

    /**
     * Queues an e-mail of a registered template about some objects in the caller's transaction
     * (another module's change, e.g. a decision with its documents), with the same audit row as
     * the composer's; delivery starts once the transaction commits (the app's after-commit hook).
     */
    async queueAbout(
      tx: DbOrTx,
      actor: Actor,
      input: {
        template: string;
        objectIds: number[];
        to: string[];
        cc?: string[];
        bcc?: string[];
        subject: string;
        body: string;
        attachmentFileIds?: number[];
      },
    ): Promise<number> {
      const template = templateFor(input.template, 'email_template');
      const objectIds = [...new Set(input.objectIds)];
      const known = await repo.usersByEmail(tx, input.to);
      const { text, html } = renderBody(input.body);
      const emailId = await mailer.queue(tx, {
        to: input.to,
        cc: input.cc ?? [],
        bcc: input.bcc ?? [],
        subject: input.subject,
        text,
        html,
        template: input.template,
        userId: input.to.length === 1 ? (known[0]?.id ?? null) : null,
        createdById: actor.userId,
        modelName: template.modelName,
        objectIds,
        attachmentFileIds: input.attachmentFileIds ?? [],
      });
      await recordHistory(tx, {
        model: repo.EMAIL_HISTORY_MODEL,
        objectId: emailId,
        action: 'create',
        after: { template: input.template, model_name: template.modelName, object_ids: objectIds },
        by: actor,
      });
      return emailId;
    },

    /** GET email_logs/: latest first, by template, status, recipient user, and the objects they were about. */
    async listLogs(query: Record<string, string | undefined>) {
      const list = parseListQuery(emailLogList, query);
      const about = repo.aboutObjects(query.model_name, parseIds(query.object_ids));
      const page = await repo.listEmailLogs(db, list, about);
      return { list, count: page.count, results: page.rows.map(present) };
    },

    /**
     * POST email_logs/{id}/resend/: sends a sent or failed e-mail again as a new entry of the log
     * (the original stays as it was), with the same audit of what it was about.
     */
    async resend(actor: Actor, id: number): Promise<EmailLogDto> {
      const copyId = await db.transaction(async (tx) => {
        const original = await repo.findEmailLog(tx, id);
        if (!original) throw new NotFoundError();
        const { log, audit } = original;
        if (log.status === 'queued' || log.status === 'sending') {
          throw ValidationError.nonField('This e-mail is still being sent.');
        }
        const emailId = await mailer.queue(tx, {
          to: log.to,
          cc: log.cc,
          bcc: log.bcc,
          subject: log.subject,
          text: log.text,
          html: log.html ?? undefined,
          template: log.template,
          userId: log.userId,
          createdById: actor.userId,
          modelName: log.modelName,
          objectIds: log.objectIds,
          attachmentFileIds: log.attachmentFileIds,
          replyTo: log.replyTo,
          resentFromId: log.id,
        });
        await recordHistory(tx, {
          model: repo.EMAIL_HISTORY_MODEL,
          objectId: emailId,
          action: 'create',
          after: {
            template: log.template,
            model_name: audit?.model_name ?? log.modelName,
            object_ids: audit?.object_ids ?? log.objectIds,
            resent_from: log.id,
          },
          by: actor,
        });
        return emailId;
      });
      return present((await repo.findEmailLog(db, copyId))!);
    },

    /** GET email_logs/{id}/: one entry of the log, as the list shows it. */
    async getLog(id: number): Promise<EmailLogDto> {
      const row = await repo.findEmailLog(db, id);
      if (!row) throw new NotFoundError();
      return present(row);
    },

    /** The newest e-mail of a template about each row's object, as an SQL expression for lists. */
    lastEmailJson(template: string, modelName: string, objectId: SQL): SQL {
      return repo.lastEmailJson(template, modelName, objectId);
    },
  };
  return service;
}

export type EmailService = ReturnType<typeof createEmailService>;
