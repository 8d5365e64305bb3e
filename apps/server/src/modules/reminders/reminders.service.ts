import {
  REMINDER_KINDS,
  TEAM_GAP_REASONS,
  WORKFLOW_STATUS,
  type Actor,
  type ReminderKind,
  type ReminderSettingDto,
  type UpdateReminderSetting,
} from '@rrp/domain';
import { ADVISORY_LOCKS, lockForTransaction, type Db, type Tx } from '../../platform/db/database';
import { NotFoundError } from '../../platform/http/errors';
import { parseListQuery } from '../../platform/list';
import { recordHistory } from '../../platform/history';
import type { Mailer } from '../../platform/mail/mailer';
import { notifyUsers } from '../notifications/notifications.service';
import { teamGapsOfProjects } from '../requests/pending-team.service';
import { REMINDER_DEFAULTS } from './reminders.defaults';
import { reminderEmail, reminderTemplate, type EmailContext } from './reminders.emails';
import { reminderSettingList } from './reminders.lists';
import * as repo from './reminders.repo';

const DAY_MS = 86_400_000;
/** Who hears of submitted requests nobody has touched. */
const ADMINISTRATORS = 'portal_admin';

/** What one run sent, per kind: e-mails queued and bell notifications written. */
type RunSummary = Partial<Record<ReminderKind, { emails: number; notifications: number }>>;

function presentSetting(row: repo.SettingRow): ReminderSettingDto {
  const kind = row.kind as ReminderKind;
  return {
    id: row.id,
    kind,
    label: REMINDER_DEFAULTS[kind].label,
    after_label: REMINDER_DEFAULTS[kind].afterLabel,
    enabled: row.enabled,
    after_days: row.afterDays,
    every_days: row.everyDays,
    subject: row.subject,
    body: row.body,
    modified: row.modified.toISOString(),
  };
}

/** Reminders about stalled work (issue 19, decision 273), and their settings. */
export function createRemindersService(deps: { db: Db; mailer: Mailer; email: EmailContext }) {
  const { db, mailer } = deps;

  /** Members of pending-team requests' teams who have not signed the joinder their request waits for. */
  async function joindersMissing(tx: Tx, now: Date, days: number): Promise<repo.DueItem[]> {
    const waiting = await repo.requestsWaitingIn(tx, WORKFLOW_STATUS.approvedPendingTeam, now, days);
    const gaps = await teamGapsOfProjects(tx, [...new Set(waiting.map((row) => row.project_id))], now);
    return waiting.flatMap((request) =>
      (gaps.get(request.project_id) ?? [])
        .filter((gap) => gap.user_id !== null && gap.reasons.includes(TEAM_GAP_REASONS.joinder))
        .map((gap) => ({
          itemKey: `request:${request.id}:joinder`,
          recipientId: gap.user_id,
          model: 'request' as const,
          objectId: request.id,
          line: `${request.portal_request_id}${request.display_name ? ` (${request.display_name})` : ''}: approved, waiting for its team since ${new Date(request.since).toISOString().slice(0, 10)}`,
          path: '/joinder',
        })),
    );
  }

  function dueItems(tx: Tx, kind: ReminderKind, now: Date, days: number): Promise<repo.DueItem[]> {
    switch (kind) {
      case 'review_due':
        return repo.reviewsDue(tx, now, days);
      case 'rda_signature':
        return repo.rdasAwaitingSignature(tx, now, days);
      case 'joinder':
        return joindersMissing(tx, now, days);
      case 'revisions':
        return repo.revisionsWaiting(tx, now, days);
      case 'submitted_untouched':
        return repo.submittedUntouched(tx, now, days);
    }
  }

  /**
   * One kind's reminders in one transaction, under a lock every instance takes: the items due
   * that their recipients have not heard of within the setting's interval, one e-mail (into the
   * e-mail log, unless the person stopped reminder e-mails) and one bell notification per person.
   */
  async function remind(kind: ReminderKind, setting: repo.SettingRow, now: Date) {
    return db.transaction(async (tx) => {
      await lockForTransaction(tx, ADVISORY_LOCKS.reminders);
      const due = await dueItems(tx, kind, now, setting.afterDays);
      const heard = await repo.recentlySent(
        tx,
        kind,
        due.map((item) => item.itemKey),
        new Date(now.getTime() - setting.everyDays * DAY_MS),
      );
      const fresh = due.filter((item) => !heard.has(repo.sentKey(item.itemKey, item.recipientId)));
      if (fresh.length === 0) return { emails: 0, notifications: 0 };

      const personal = fresh.filter((item) => item.recipientId !== null);
      const forAdministrators = fresh.filter((item) => item.recipientId === null);
      const people = await repo.recipientsByIds(
        tx,
        personal.map((item) => item.recipientId!),
      );
      const administrators = forAdministrators.length ? await repo.activeHoldersOf(tx, ADMINISTRATORS) : [];
      const letters = [
        ...people.map((person) => ({
          person,
          items: personal.filter((item) => item.recipientId === person.id),
        })),
        ...administrators.map((person) => ({ person, items: forAdministrators })),
      ];

      let emails = 0;
      const emailOf = new Map<number, number>();
      for (const { person, items } of letters) {
        const letter = reminderEmail(deps.email, kind, setting, person, items);
        if (person.reminderEmailOptedIn) {
          const id = await mailer.queue(tx, {
            to: [person.email],
            subject: letter.subject,
            text: letter.text,
            html: letter.html,
            template: reminderTemplate(kind),
            userId: person.id,
            modelName: items[0]!.model,
            objectIds: [...new Set(items.map((item) => item.objectId))],
          });
          emailOf.set(person.id, id);
          emails += 1;
        }
        await notifyUsers(tx, [
          {
            recipientId: person.id,
            message: letter.subject,
            redirect: letter.redirect,
            taskName: 'reminder',
            fields: { kind, items: items.map((item) => item.itemKey) },
          },
        ]);
      }
      await repo.recordSends(tx, [
        ...personal.map((item) => ({
          kind,
          itemKey: item.itemKey,
          recipientId: item.recipientId,
          emailLogId: emailOf.get(item.recipientId!) ?? null,
          sentAt: now,
        })),
        ...forAdministrators.map((item) => ({
          kind,
          itemKey: item.itemKey,
          recipientId: null,
          emailLogId: null,
          sentAt: now,
        })),
      ]);
      return { emails, notifications: letters.length };
    });
  }

  return {
    /** Sends the reminders due at `now` (the scheduled job; tests pass their own time). */
    async run(now = new Date()): Promise<RunSummary> {
      const summary: RunSummary = {};
      const settings = new Map((await repo.listSettings(db)).map((row) => [row.kind, row]));
      for (const kind of REMINDER_KINDS) {
        const setting = settings.get(kind);
        if (!setting?.enabled) continue;
        summary[kind] = await remind(kind, setting, now);
      }
      return summary;
    },

    /** GET reminder-setting/ */
    async listSettings(query: Record<string, string | undefined>) {
      const list = parseListQuery(reminderSettingList, query);
      const page = await repo.settingsPage(db, list);
      return { list, count: page.count, results: page.rows.map(presentSetting) };
    },

    /** GET reminder-setting/{id}/ */
    async getSetting(id: number): Promise<ReminderSettingDto> {
      const row = await repo.findSetting(db, id);
      if (!row) throw new NotFoundError();
      return presentSetting(row);
    },

    /** PATCH reminder-setting/{id}/: intervals and templates; audited. */
    async updateSetting(actor: Actor, id: number, input: UpdateReminderSetting): Promise<ReminderSettingDto> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.findSetting(tx, id);
        if (!before) throw new NotFoundError();
        const after = await repo.updateSetting(tx, id, {
          enabled: input.enabled,
          afterDays: input.after_days,
          everyDays: input.every_days,
          subject: input.subject,
          body: input.body,
          modifiedById: actor.userId,
        });
        await recordHistory(tx, {
          model: 'reminder_setting',
          objectId: id,
          action: 'update',
          before,
          after,
          by: actor,
        });
        return after;
      });
      return presentSetting(row);
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
