import type { HistoryEntryDto } from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { ValidationError } from '../../platform/http/errors';
import { parseListQuery } from '../../platform/list';
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

export function createHistoryService(deps: { db: Db }) {
  return {
    /** The changes of one object, newest first. */
    async list(query: Record<string, string | undefined>) {
      if (!query.pk || !query.model) {
        const missing = ['pk', 'model'].filter((key) => !query[key]);
        throw new ValidationError(
          Object.fromEntries(missing.map((key) => [key, ['This field is required.']])),
        );
      }
      const list = parseListQuery(historyList, query);
      const page = await listHistory(deps.db, list);
      return {
        list,
        count: page.count,
        results: page.rows.map((row) => present(row, list.expand.has('modifier'))),
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
