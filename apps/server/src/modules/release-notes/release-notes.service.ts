import {
  can,
  describeStaffNotification,
  ROLE_KEYS,
  RELEASE_NOTE_MESSAGES,
  type Actor,
  type CreateReleaseNote,
  type ReleaseNoteDto,
  type UpdateReleaseNote,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { parseListQuery } from '../../platform/list';
import { sanitizeRichText } from '../../platform/rich-text';
import { activeMembersOf, notifyUsers } from '../notifications/notifications.service';
import { releaseNoteList } from './release-notes.lists';
import { presentReleaseNote } from './release-notes.presenter';
import * as repo from './release-notes.repo';

type Query = Record<string, string | undefined>;

/** The model name of release notes in history. */
const RELEASE_NOTE_HISTORY_MODEL = 'release_note';

const versionTaken = () => new ValidationError({ version: [RELEASE_NOTE_MESSAGES.versionTaken] });

/**
 * Releasing tells every group (staff §4.8 "releasing notifies groups"): each active member of
 * every role, once, in the bell, with the text and link of the `release_note` notification.
 */
async function notifyRelease(tx: DbOrTx, actor: Actor, version: string): Promise<void> {
  const recipients = await activeMembersOf(tx, ROLE_KEYS);
  const notification = { task_name: 'release_note', fields: { version } } as const;
  const { message, redirect } = describeStaffNotification(notification);
  await notifyUsers(
    tx,
    recipients.map((recipientId) => ({
      recipientId,
      message,
      redirect,
      taskName: notification.task_name,
      fields: { version, sender_id: actor.userId },
    })),
  );
}

export function createReleaseNotesService(deps: { db: Db }) {
  const { db } = deps;

  /** A note the actor may read; a draft is not found for anyone but its writers. */
  async function load(tx: DbOrTx, actor: Actor, id: number, action: 'read' | 'update' | 'delete') {
    const row = await repo.findReleaseNote(tx, id, action !== 'read');
    if (!row) throw new NotFoundError();
    authorize(actor, action, 'ReleaseNote', row);
    return row;
  }

  return {
    /** GET release_note/: every note for superusers, released ones for everyone else. */
    async list(actor: Actor, query: Query) {
      const list = parseListQuery(releaseNoteList, query);
      const page = await repo.releaseNotePage(db, list, !can(actor, 'read', 'ReleaseNote'));
      return { list, count: page.count, results: page.rows.map((row) => presentReleaseNote(actor, row)) };
    },

    async get(actor: Actor, id: number): Promise<ReleaseNoteDto> {
      return presentReleaseNote(actor, await load(db, actor, id, 'read'));
    },

    /** POST release_note/: a draft, or released at once (which notifies the groups). */
    async create(actor: Actor, input: CreateReleaseNote): Promise<ReleaseNoteDto> {
      return db.transaction(async (tx) => {
        const row = await repo.insertReleaseNote(tx, {
          version: input.version,
          text: sanitizeRichText(input.text),
          released: input.released,
          releasedAt: input.released ? new Date() : null,
          createdById: actor.userId,
        });
        if (!row) throw versionTaken();
        await recordHistory(tx, {
          model: RELEASE_NOTE_HISTORY_MODEL,
          objectId: row.id,
          action: 'create',
          after: row,
          by: actor,
        });
        if (row.released) await notifyRelease(tx, actor, row.version);
        return presentReleaseNote(actor, row);
      });
    },

    /**
     * PATCH release_note/{id}/: edits the version or text; `released: true` releases a draft and
     * notifies the groups. Released is one way (staff §4.8 "draft to released").
     */
    async update(actor: Actor, id: number, input: UpdateReleaseNote): Promise<ReleaseNoteDto> {
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.released && input.released === false) {
          throw new ValidationError({ released: [RELEASE_NOTE_MESSAGES.cannotUnrelease] });
        }
        if (input.version !== undefined && (await repo.versionTaken(tx, input.version, id))) {
          throw versionTaken();
        }
        const releasing = !before.released && input.released === true;
        const after = await repo.updateReleaseNote(tx, id, {
          ...(input.version !== undefined ? { version: input.version } : {}),
          ...(input.text !== undefined ? { text: sanitizeRichText(input.text) } : {}),
          ...(releasing ? { released: true, releasedAt: new Date() } : {}),
        });
        await recordHistory(tx, {
          model: RELEASE_NOTE_HISTORY_MODEL,
          objectId: id,
          action: 'update',
          before,
          after,
          by: actor,
        });
        if (releasing) await notifyRelease(tx, actor, after.version);
        return presentReleaseNote(actor, after);
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'delete');
        await repo.deleteReleaseNote(tx, id);
        await recordHistory(tx, {
          model: RELEASE_NOTE_HISTORY_MODEL,
          objectId: id,
          action: 'delete',
          before,
          by: actor,
        });
      });
    },
  };
}

export type ReleaseNotesService = ReturnType<typeof createReleaseNotesService>;
