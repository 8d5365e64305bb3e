import {
  CATALOGUE_MESSAGES,
  type Actor,
  type CreateDatasetAccess,
  type DatasetAccessDto,
  type UpdateDatasetAccess,
} from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { parseListQuery } from '../../platform/list';
import { datasetAccessList } from './catalogue.lists';
import * as repo from './dataset-access.repo';
import { findDataset, type DatasetRow } from './catalogue.repo';
import { presentDatasetAccess } from './catalogue.presenter';

/** Who was given which channel (Globus, AWS, GPF, other) of a dataset version. */
export function createDatasetAccessService(deps: { db: Db }) {
  const { db } = deps;

  async function getDatasetAccess(id: number, expand: ReadonlySet<string>): Promise<DatasetAccessDto> {
    const row = await repo.findDatasetAccess(db, id);
    if (!row) throw new NotFoundError();
    return presentDatasetAccess(row, expand);
  }

  return {
    async listDatasetAccess(query: Record<string, string | undefined>) {
      const list = parseListQuery(datasetAccessList, query);
      const page = await repo.listDatasetAccess(db, list);
      return {
        list,
        count: page.count,
        results: page.rows.map((row) => presentDatasetAccess(row, list.expand)),
      };
    },

    getDatasetAccess,

    /**
     * POST datasetaccess/: grants or revokes one channel of a dataset for a user. The channel
     * must be one the dataset offers. An existing record for the same user, dataset and channel
     * is updated (`created` false), so the call can be repeated safely.
     */
    async createDatasetAccess(actor: Actor, input: CreateDatasetAccess, expand: ReadonlySet<string>) {
      const result = await db.transaction(async (tx) => {
        if (!(await repo.findUser(tx, input.user))) {
          throw new ValidationError({ user: [CATALOGUE_MESSAGES.unknownUser] });
        }
        const dataset = await findDataset(tx, { id: input.dataset });
        if (!dataset) throw new ValidationError({ dataset: [CATALOGUE_MESSAGES.unknownDataset] });
        checkChannel(dataset.dataset, input.access_type);
        if (input.request_id != null && !(await repo.requestExists(tx, input.request_id))) {
          throw new ValidationError({ request_id: ['Request not found.'] });
        }
        const existing = await repo.findAccessRecord(tx, input.user, input.dataset, input.access_type);
        if (existing) {
          const updated = await repo.updateDatasetAccess(tx, existing.id, {
            status: input.status,
            ...(input.request_id !== undefined ? { requestId: input.request_id } : {}),
          });
          await recordHistory(tx, {
            model: 'datasetaccess',
            objectId: existing.id,
            action: 'update',
            before: existing,
            after: updated,
            by: actor,
          });
          return { id: existing.id, created: false };
        }
        const created = await repo.insertDatasetAccess(tx, {
          userId: input.user,
          datasetId: input.dataset,
          accessType: input.access_type,
          status: input.status,
          requestId: input.request_id ?? null,
        });
        await recordHistory(tx, {
          model: 'datasetaccess',
          objectId: created.id,
          action: 'create',
          after: created,
          by: actor,
        });
        return { id: created.id, created: true };
      });
      return { created: result.created, access: await getDatasetAccess(result.id, expand) };
    },

    /** PATCH datasetaccess/{id}/: status, access_type, request_id. */
    async updateDatasetAccess(
      actor: Actor,
      id: number,
      input: UpdateDatasetAccess,
      expand: ReadonlySet<string>,
    ) {
      await db.transaction(async (tx) => {
        const current = await repo.lockDatasetAccess(tx, id);
        if (!current) throw new NotFoundError();
        if (input.access_type !== undefined && input.access_type !== current.accessType) {
          const dataset = await findDataset(tx, { id: current.datasetId });
          checkChannel(dataset!.dataset, input.access_type);
          const clash = await repo.findAccessRecord(tx, current.userId, current.datasetId, input.access_type);
          if (clash) {
            throw new ValidationError({
              access_type: [`This user already has a ${input.access_type} access record for this dataset.`],
            });
          }
        }
        if (input.request_id != null && !(await repo.requestExists(tx, input.request_id))) {
          throw new ValidationError({ request_id: ['Request not found.'] });
        }
        const values: Partial<repo.DatasetAccessRow> = {};
        if (input.status !== undefined) values.status = input.status;
        if (input.access_type !== undefined) values.accessType = input.access_type;
        if (input.request_id !== undefined) values.requestId = input.request_id;
        if (Object.keys(values).length === 0) return;
        const updated = await repo.updateDatasetAccess(tx, id, values);
        await recordHistory(tx, {
          model: 'datasetaccess',
          objectId: id,
          action: 'update',
          before: current,
          after: updated,
          by: actor,
        });
      });
      return getDatasetAccess(id, expand);
    },
  };
}

/** The channel must be one the dataset offers (Globus, AWS, GPF); Other always may be recorded. */
function checkChannel(dataset: DatasetRow, accessType: string) {
  const message =
    accessType === 'Globus' && !dataset.globusGroupId && dataset.globusLocations.length === 0
      ? CATALOGUE_MESSAGES.noGlobus
      : accessType === 'AWS' && !dataset.dataAccess
        ? CATALOGUE_MESSAGES.noAws
        : accessType === 'GPF' && !dataset.gpfAccessible
          ? CATALOGUE_MESSAGES.noGpf
          : null;
  if (message) throw new ValidationError({ access_type: [message] });
}
