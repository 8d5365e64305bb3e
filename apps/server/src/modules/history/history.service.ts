import { can, type Actor, type HistoryEntryDto } from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/http/errors';
import { oneOf, parseListQuery } from '../../platform/list';
import { historyList } from './history.lists';
import { listHistory } from './history.repo';

type Row = Awaited<ReturnType<typeof listHistory>>['rows'][number];

function present(row: Row, expandModifier: boolean): HistoryEntryDto {
  const { entry, modifier } = row;
  return {
    id: entry.id,
    model: entry.model,
    object_id: entry.objectId,
    version: entry.version,
    action: entry.action,
    changed_fields: entry.changedFields,
    data: entry.data,
    modifier:
      modifier === null
        ? null
        : expandModifier
          ? {
              id: modifier.id,
              full_name: `${modifier.firstName} ${modifier.lastName}`.trim(),
              email: modifier.email,
            }
          : modifier.id,
    modified: entry.modified.toISOString(),
  };
}

/**
 * For a model whose history some roles may read only for their own objects (e.g. a researcher
 * and their project): the object the permission conditions read, or null when it does not exist.
 */
export type HistorySubjectResolver = (tx: DbOrTx, pk: string, actor: Actor) => Promise<object | null>;

export function createHistoryService(deps: { db: Db }) {
  const resolvers = new Map<string, HistorySubjectResolver>();
  return {
    registerModel(model: string, resolve: HistorySubjectResolver) {
      resolvers.set(model, resolve);
    },

    /**
     * The changes of one object, newest first. Staff with the History grant read any object's;
     * a conditional grant (e.g. owners) reads one object of a registered model at a time.
     */
    async list(actor: Actor | null, query: Record<string, string | undefined>) {
      if (!query.pk || !query.model) {
        const missing = ['pk', 'model'].filter((key) => !query[key]);
        throw new ValidationError(
          Object.fromEntries(missing.map((key) => [key, ['This field is required.']])),
        );
      }
      const list = parseListQuery(historyList, query);
      if (!can(actor, 'list', 'History')) {
        const resolve = resolvers.get(query.model);
        const pk = query.pk;
        // Models without owners of their own (settings, users, ...) stay staff-only.
        if (!resolve || query.pk__in !== undefined) throw new ForbiddenError();
        if (!/^\d{1,15}$/.test(pk)) throw new NotFoundError();
        const subject = actor ? await resolve(deps.db, pk, actor) : null;
        if (!subject) throw new NotFoundError();
        authorize(actor, 'list', 'History', subject);
      }
      const page = await listHistory(deps.db, list);
      return {
        list,
        count: page.count,
        results: page.rows.map((row) => present(row, list.expand.has('modifier'))),
      };
    },

    /**
     * GET history/{id}/: one entry, to those who may read the history of its object (staff, or
     * an owner through the model's registered subject); anyone else gets 404.
     */
    async get(actor: Actor | null, id: number, expand: ReadonlySet<string>): Promise<HistoryEntryDto> {
      const [row] = (await listHistory(deps.db, oneOf(historyList, id, expand))).rows;
      if (!row) throw new NotFoundError();
      if (!can(actor, 'read', 'History')) {
        const resolve = resolvers.get(row.entry.model);
        const subject = actor && resolve ? await resolve(deps.db, row.entry.objectId, actor) : null;
        if (!subject) throw new NotFoundError();
        authorize(actor, 'read', 'History', subject);
      }
      return present(row, expand.has('modifier'));
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
