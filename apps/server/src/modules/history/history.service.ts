import { can, canonicalId, MESSAGES, type Actor, type HistoryEntryDto } from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/http/errors';
import { oneOf, parseListQuery } from '../../platform/list';
import { historyList } from './history.lists';
import {
  changedLabels,
  fallbackFormat,
  presentFields,
  refsOf,
  visibleKeys,
  type HistoryFormat,
  type NameBook,
  type RefKind,
  type Snapshot,
} from '../../platform/history-format';
import { listHistory, namesOf, previousVersions } from './history.repo';

type Row = Awaited<ReturnType<typeof listHistory>>['rows'][number];

/**
 * For a model whose history some roles may read only for their own objects (e.g. a researcher
 * and their project): the object the permission conditions read, or null when it does not exist.
 */
type HistorySubjectResolver = (tx: DbOrTx, pk: string, actor: Actor) => Promise<object | null>;

/** What a module tells the history service about one of its audited models. */
export interface HistoryModel {
  /** Lets readers with a conditional History grant (owners, officials) read one object's history. */
  subject?: HistorySubjectResolver;
  /** How its snapshots read (otherwise every field, labelled from its name). */
  format?: HistoryFormat;
}

const versionKey = (model: string, objectId: string, version: number) => `${model}:${objectId}:${version}`;

export function createHistoryService(deps: { db: Db }) {
  const models = new Map<string, HistoryModel>();
  const formatOf = (model: string, data: Snapshot) => models.get(model)?.format ?? fallbackFormat(data);

  /** The page's entries as people read them: labelled fields and what each version changed. */
  async function present(rows: Row[], expandModifier: boolean, staff: boolean): Promise<HistoryEntryDto[]> {
    const previous = new Map(
      (
        await previousVersions(
          deps.db,
          rows.map((row) => row.entry),
        )
      ).map((row) => [versionKey(row.model, row.objectId, row.version), row.data]),
    );
    const previousOf = (row: Row) =>
      previous.get(versionKey(row.entry.model, row.entry.objectId, row.entry.version - 1));

    const wanted = new Map<RefKind, Set<number>>();
    for (const row of rows)
      for (const data of [row.entry.data, previousOf(row)]) {
        if (!data) continue;
        for (const [kind, id] of refsOf(formatOf(row.entry.model, data), data)) {
          if (!wanted.has(kind)) wanted.set(kind, new Set());
          wanted.get(kind)!.add(id);
        }
      }
    const found = await namesOf(deps.db, wanted);
    const names: NameBook = { get: (kind, id) => found.get(`${kind}:${id}`) };

    return rows.map(({ entry, modifier }) => {
      const format = formatOf(entry.model, entry.data);
      const fields = presentFields(format, entry.data, names, staff);
      const before = previousOf({ entry, modifier });
      const shown = staff ? null : visibleKeys(format);
      const visible = (key: string) => shown === null || shown.has(key);
      return {
        id: entry.id,
        model: entry.model,
        object_id: entry.objectId,
        version: entry.version,
        action: entry.action,
        changed_fields: entry.changedFields.filter(visible),
        data: Object.fromEntries(Object.entries(entry.data).filter(([key]) => visible(key))),
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
        fields,
        changed:
          entry.action !== 'update'
            ? []
            : before
              ? changedLabels(presentFields(format, before, names, staff), fields)
              : // The first version recorded is an update (e.g. seeded rows): its own list says what changed.
                fields.filter((field) => entry.changedFields.includes(field.key)).map((field) => field.label),
      };
    });
  }

  return {
    registerModel(model: string, described: HistoryModel) {
      models.set(model, described);
    },

    /**
     * The changes of one object, newest first. Staff with the History grant read any object's;
     * a conditional grant (e.g. owners) reads one object of a registered model at a time, without
     * the fields its format keeps for staff.
     */
    async list(actor: Actor | null, query: Record<string, string | undefined>) {
      if (!query.pk || !query.model) {
        const missing = ['pk', 'model'].filter((key) => !query[key]);
        throw new ValidationError(Object.fromEntries(missing.map((key) => [key, [MESSAGES.requiredField]])));
      }
      const list = parseListQuery(historyList, query);
      const staff = can(actor, 'list', 'History');
      if (!staff) {
        const resolve = models.get(query.model)?.subject;
        const pk = query.pk;
        // Models without owners of their own (settings, users, ...) stay staff-only.
        if (!resolve || query.pk__in !== undefined) throw new ForbiddenError();
        if (canonicalId(pk) === undefined) throw new NotFoundError();
        const subject = actor ? await resolve(deps.db, pk, actor) : null;
        if (!subject) throw new NotFoundError();
        authorize(actor, 'list', 'History', subject);
      }
      const page = await listHistory(deps.db, list);
      return {
        list,
        count: page.count,
        results: await present(page.rows, list.expand.has('modifier'), staff),
      };
    },

    /**
     * GET history/{id}/: one entry, to those who may read the history of its object (staff, or
     * an owner through the model's registered subject); anyone else gets 404.
     */
    async get(actor: Actor | null, id: number, expand: ReadonlySet<string>): Promise<HistoryEntryDto> {
      const [row] = (await listHistory(deps.db, oneOf(historyList, id, expand))).rows;
      if (!row) throw new NotFoundError();
      const staff = can(actor, 'read', 'History');
      if (!staff) {
        const resolve = models.get(row.entry.model)?.subject;
        const subject = actor && resolve ? await resolve(deps.db, row.entry.objectId, actor) : null;
        if (!subject) throw new NotFoundError();
        authorize(actor, 'read', 'History', subject);
      }
      const [entry] = await present([row], expand.has('modifier'), staff);
      return entry!;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
