import { can, type Actor, type UpdateSampleType } from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { NotFoundError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { parseListQuery } from '../../platform/list';
import { sampleTypeList } from './catalogue.lists';
import * as repo from './sample-types.repo';
import { allowedUsersOf, setAllowedUsers } from './allowed-users.repo';
import { presentSampleType } from './catalogue.presenter';
import { allowedUserIds } from './dataset-form';

/** Sample types: editors see every allowed user, others only themselves (when on the list). */
const allowedUsersFilter = (actor: Actor) => (can(actor, 'update', 'SampleType') ? undefined : actor.userId);

/** The biospecimen sample types researchers request, some restricted to allowed users. */
export function createSampleTypesService(deps: { db: Db }) {
  const { db } = deps;

  async function getSampleType(actor: Actor, id: number, expand: ReadonlySet<string>) {
    const row = await repo.findSampleType(db, id);
    if (!row) throw new NotFoundError();
    const [cohortsById, allowed] = await Promise.all([
      repo.cohortsOfSampleTypes(db, [id]),
      allowedUsersOf(db, 'sampleType', [id], allowedUsersFilter(actor)),
    ]);
    return presentSampleType(actor, row, cohortsById.get(id) ?? [], allowed.get(id) ?? [], expand);
  }

  return {
    async listSampleTypes(actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(sampleTypeList, query);
      const page = await repo.listSampleTypes(db, list);
      const ids = page.rows.map((row) => row.id);
      const [cohortsById, allowed] = await Promise.all([
        repo.cohortsOfSampleTypes(db, ids),
        allowedUsersOf(db, 'sampleType', ids, allowedUsersFilter(actor)),
      ]);
      return {
        list,
        count: page.count,
        results: page.rows.map((row) =>
          presentSampleType(
            actor,
            row,
            cohortsById.get(row.id) ?? [],
            allowed.get(row.id) ?? [],
            list.expand,
          ),
        ),
      };
    },

    getSampleType,

    /** PATCH sample-type/{id}/: allowed users (one unknown address refuses the list), limited, available. */
    async updateSampleType(actor: Actor, id: number, input: UpdateSampleType, expand: ReadonlySet<string>) {
      await db.transaction(async (tx) => {
        const current = await repo.findSampleType(tx, id, true);
        if (!current) throw new NotFoundError();
        const allowedBefore = (await allowedUsersOf(tx, 'sampleType', [id])).get(id) ?? [];
        const values: { limited?: boolean; available?: boolean } = {};
        if (input.limited !== undefined) values.limited = input.limited;
        if (input.available !== undefined) values.available = input.available;
        const updated = Object.keys(values).length ? await repo.updateSampleType(tx, id, values) : current;
        if (input.allowed_users !== undefined) {
          await setAllowedUsers(tx, 'sampleType', id, await allowedUserIds(tx, input.allowed_users));
        }
        const allowedAfter = (await allowedUsersOf(tx, 'sampleType', [id])).get(id) ?? [];
        await recordHistory(tx, {
          model: 'sampletype',
          objectId: id,
          action: 'update',
          before: { ...current, allowed_users: allowedBefore },
          after: { ...updated, allowed_users: allowedAfter },
          by: actor,
        });
      });
      return getSampleType(actor, id, expand);
    },
  };
}
