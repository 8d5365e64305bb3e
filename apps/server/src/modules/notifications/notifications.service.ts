import {
  can,
  describeStaffNotification,
  NOTIFICATION_MESSAGES,
  type Actor,
  type CreateNotification,
  type ErrorReport,
  type NotificationDto,
  type StaffNotification,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/http/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { composeEmail } from '../../platform/mail/compose';
import * as repo from './notifications.repo';

const present = (row: repo.NotificationRow): NotificationDto => ({
  id: row.id,
  message: row.message,
  redirect: row.redirect,
  task_name: row.taskName,
  created: row.created.toISOString(),
});

/** A bell notification written by another module's change, in its transaction. */
interface NewNotification {
  recipientId: number;
  message: string;
  redirect?: string | null;
  taskName?: string | null;
  fields?: Record<string, unknown> | null;
}

/** Writes bell notifications in the caller's transaction (e.g. a decision, to the request's owner). */
export async function notifyUsers(tx: DbOrTx, entries: readonly NewNotification[]): Promise<number[]> {
  return repo.insertNotifications(
    tx,
    entries.map((entry) => ({
      recipientId: entry.recipientId,
      message: entry.message,
      redirect: entry.redirect ?? null,
      taskName: entry.taskName ?? null,
      fields: entry.fields ?? null,
    })),
  );
}

/** The active members of these groups, each once (e.g. every group, for a release). */
export function activeMembersOf(tx: DbOrTx, groupNames: readonly string[]): Promise<number[]> {
  return repo.activeMemberIds(tx, groupNames);
}

/** Who receives error reports in the bell: the superusers (the portal's support staff). */
const SUPPORT_ROLE = 'superuser';

/** What POST notification/ answers: the first notification written, and how many people got one. */
interface Created {
  id: number | null;
  recipients: number;
}

export function createNotificationsService(deps: {
  db: Db;
  mailer: Mailer;
  email: { productName: string; supportEmail: string };
}) {
  const { db, mailer } = deps;

  /** The unexpected-error report: a notification for support staff and an e-mail to the support address. */
  async function reportError(actor: Actor, report: ErrorReport): Promise<Created> {
    const ids = await db.transaction(async (tx) => {
      const reporter = await repo.emailOf(tx, actor.userId);
      const support = await repo.activeMemberIds(tx, [SUPPORT_ROLE]);
      const message = `Error report from ${reporter ?? `user ${actor.userId}`}`;
      const written = await notifyUsers(
        tx,
        support.map((recipientId) => ({
          recipientId,
          message,
          taskName: report.task_name,
          fields: { ...report.fields, reporter_id: actor.userId },
        })),
      );
      const email = composeEmail({
        ...deps.email,
        subject: message,
        paragraphs: Object.entries(report.fields)
          .filter(([, value]) => value)
          .map(([key, value]) => `${key}: ${value}`),
      });
      await mailer.queue(tx, {
        ...email,
        to: [deps.email.supportEmail],
        template: 'error-report',
        createdById: actor.userId,
      });
      return written;
    });
    return { id: ids[0] ?? null, recipients: ids.length };
  }

  /**
   * A notification staff send (staff §3, §7): to the users named and the active members of the
   * groups named, each once; its text and link follow from the task (decision 106).
   */
  async function sendStaffNotification(actor: Actor, input: StaffNotification): Promise<Created> {
    if (!can(actor, 'create', 'StaffNotification')) throw new ForbiddenError();
    const ids = await db.transaction(async (tx) => {
      const named = [...new Set(input.recipient_id ?? [])];
      const groupNames = [...new Set(input.recipient_groups ?? [])];
      const [activeNamed, knownGroups] = await Promise.all([
        repo.activeUserIds(tx, named),
        repo.existingGroups(tx, groupNames),
      ]);
      const errors: Record<string, string[]> = {};
      const unknownUsers = named.filter((id) => !activeNamed.has(id));
      const unknownGroups = groupNames.filter((name) => !knownGroups.has(name));
      if (unknownUsers.length) errors.recipient_id = [NOTIFICATION_MESSAGES.unknownUsers(unknownUsers)];
      if (unknownGroups.length)
        errors.recipient_groups = [NOTIFICATION_MESSAGES.unknownGroups(unknownGroups)];
      if (Object.keys(errors).length) throw new ValidationError(errors);

      const recipients = new Set([...named, ...(await activeMembersOf(tx, groupNames))]);
      const { message, redirect } = describeStaffNotification(input);
      return notifyUsers(
        tx,
        [...recipients].map((recipientId) => ({
          recipientId,
          message,
          redirect,
          taskName: input.task_name,
          fields: { ...input.fields, sender_id: actor.userId },
        })),
      );
    });
    return { id: ids[0] ?? null, recipients: ids.length };
  }

  /** A notification of the caller's own; anyone else's is not found. */
  async function ownNotification(actor: Actor, id: number, action: 'read' | 'delete') {
    const row = await repo.findNotification(db, id);
    if (!row) throw new NotFoundError();
    authorize(actor, action, 'Notification', { recipientId: row.recipientId });
    return row;
  }

  return {
    /** The caller's own notifications, newest first. */
    async list(actor: Actor, paging: { limit: number; offset: number }) {
      const { count, rows } = await repo.listFor(db, actor.userId, paging);
      return { count, results: rows.map(present) };
    },

    /** GET notification/{id}/: one of the caller's notifications; others' are 404. */
    async get(actor: Actor, id: number): Promise<NotificationDto> {
      return present(await ownNotification(actor, id, 'read'));
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const row = await ownNotification(actor, id, 'delete');
      await repo.deleteNotification(db, row.id);
    },

    /** POST notification/: an error report from anyone signed in, or a notification staff send. */
    create(actor: Actor, input: CreateNotification): Promise<Created> {
      return input.task_name === 'error_report'
        ? reportError(actor, input)
        : sendStaffNotification(actor, input);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
