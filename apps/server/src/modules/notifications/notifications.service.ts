import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Actor, ErrorReport, NotificationDto } from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError } from '../../platform/http/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { composeEmail } from '../../platform/mail/compose';
import { groups, notifications, userGroups, users } from '../../db/schema';

const present = (row: typeof notifications.$inferSelect): NotificationDto => ({
  id: row.id,
  message: row.message,
  redirect: row.redirect,
  task_name: row.taskName,
  created: row.created.toISOString(),
});

/** A bell notification written by another module's change, in its transaction. */
export interface NewNotification {
  recipientId: number;
  message: string;
  redirect?: string | null;
  taskName?: string | null;
  fields?: Record<string, unknown> | null;
}

/** Writes bell notifications in the caller's transaction (e.g. a decision, to the request's owner). */
export async function notifyUsers(tx: DbOrTx, entries: readonly NewNotification[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(notifications).values(
    entries.map((entry) => ({
      recipientId: entry.recipientId,
      message: entry.message,
      redirect: entry.redirect ?? null,
      taskName: entry.taskName ?? null,
      fields: entry.fields ?? null,
    })),
  );
}

/** Who receives error reports in the bell: the superusers (the portal's support staff). */
const SUPPORT_ROLE = 'superuser';

export function createNotificationsService(deps: {
  db: Db;
  mailer: Mailer;
  email: { productName: string; supportEmail: string };
}) {
  const { db, mailer } = deps;
  return {
    /** The caller's own notifications, newest first. */
    async list(actor: Actor, paging: { limit: number; offset: number }) {
      const where = eq(notifications.recipientId, actor.userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.created), desc(notifications.id))
          .limit(paging.limit)
          .offset(paging.offset),
        db.select({ count: count() }).from(notifications).where(where),
      ]);
      return { count: total?.count ?? 0, results: rows.map(present) };
    },

    /** GET notification/{id}/: one of the caller's notifications; others' are 404. */
    async get(actor: Actor, id: number) {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      if (!row) throw new NotFoundError();
      authorize(actor, 'read', 'Notification', { recipientId: row.recipientId });
      return present(row);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      if (!row) throw new NotFoundError();
      authorize(actor, 'delete', 'Notification', { recipientId: row.recipientId });
      await db
        .delete(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.recipientId, actor.userId)));
    },

    /** The unexpected-error report: a notification for support staff and an e-mail to the support address. */
    async reportError(actor: Actor, report: ErrorReport): Promise<{ id: number | null }> {
      const ids = await db.transaction(async (tx) => {
        const [reporter] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, actor.userId));
        const support = await tx
          .select({ id: userGroups.userId })
          .from(userGroups)
          .innerJoin(groups, eq(groups.id, userGroups.groupId))
          .where(inArray(groups.name, [SUPPORT_ROLE]));
        const message = `Error report from ${reporter?.email ?? `user ${actor.userId}`}`;
        const rows = support.length
          ? await tx
              .insert(notifications)
              .values(
                support.map((recipient) => ({
                  recipientId: recipient.id,
                  message,
                  taskName: report.task_name,
                  fields: { ...report.fields, reporter_id: actor.userId },
                })),
              )
              .returning({ id: notifications.id })
          : [];
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
        return rows.map((row) => row.id);
      });
      mailer.flush();
      return { id: ids[0] ?? null };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
