import {
  can,
  CATALOGUE_MESSAGES,
  hasDatasetLocation,
  isUuid,
  type Actor,
  type CreateDataset,
  type DatasetDto,
  type DatasetVersionDto,
  type NewDatasetVersion,
  type UpdateDataset,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { ownValue, parseListQuery } from '../../platform/list';
import { DATASET_SEARCH, datasetList, datasetResearcherList } from './catalogue.lists';
import * as repo from './catalogue.repo';
import { allowedUserIdsOf, allowedUsersOf, setAllowedUsers } from './allowed-users.repo';
import { listAssociatedResearchers } from './dataset-access.repo';
import { presentDataset, seesInternals, type DatasetExtras } from './catalogue.presenter';
import {
  allowedUserIds,
  checkReferences,
  columnsOf,
  DATASET_FILE_FIELDS,
  fileIdsOf,
  type DatasetFileType,
} from './dataset-form';

type By = Pick<Actor, 'userId' | 'impersonatorId'>;

/** Dataset staff (admins, access admins, superusers) also see unavailable datasets. */
const seesUnavailable = (actor: Actor | null) => seesInternals(actor) || can(actor, 'create', 'Dataset');

/** A true/false query value, or a field error. */
function parseBool(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = ownValue({ true: true, false: false, '1': true, '0': false }, raw.trim().toLowerCase());
  if (value === undefined) throw new ValidationError({ [name]: ['Enter true or false.'] });
  return value;
}

/** Datasets and their versions (researcher §7, staff §4.7): the catalogue's lists, forms and files. */
export function createDatasetsService(deps: { db: Db }) {
  const { db } = deps;

  /** What a page of datasets needs besides its rows, in a handful of queries. */
  async function extrasFor(actor: Actor | null, rows: repo.DatasetListRow[]): Promise<DatasetExtras> {
    const list = rows.map((row) => row.dataset);
    const internal = seesInternals(actor);
    const fileIds = list.flatMap((row) =>
      [internal ? row.dataFileId : null, row.publicDataDictionaryId, row.publicReleaseNotesId].filter(
        (id): id is number => id !== null,
      ),
    );
    const uuids = list.map((row) => row.datasetId);
    const [filesById, related, versions, allowedUsers, approved] = await Promise.all([
      repo.filesByIds(db, fileIds),
      repo.latestByDatasetIds(
        db,
        list.flatMap((row) => row.relatedDatasetIds),
      ),
      internal ? repo.versionsOf(db, uuids) : Promise.resolve([]),
      // Staff see every allowed user; a researcher sees whether they are on the list (their own
      // address), which the request wizard needs to offer a restricted resource.
      actor
        ? allowedUsersOf(
            db,
            'dataset',
            list.map((row) => row.id),
            internal ? undefined : actor.userId,
          )
        : Promise.resolve(new Map<number, string[]>()),
      actor
        ? repo.heldDatasetIds(
            db,
            actor.userId,
            list.map((row) => row.id),
          )
        : Promise.resolve(new Set<string>()),
    ]);
    const byDataset = new Map<string, DatasetVersionDto[]>();
    for (const version of versions) {
      byDataset.set(version.datasetId, [
        ...(byDataset.get(version.datasetId) ?? []),
        {
          id: version.id,
          version: version.version,
          release_date: version.releaseDate,
          change_notes: version.changeNotes,
          is_latest: version.isLatest,
          created: version.created.toISOString(),
        },
      ]);
    }
    // Related links lead only to datasets the caller may open.
    const reachable = seesUnavailable(actor)
      ? related
      : new Map([...related].filter(([, dataset]) => dataset.available));
    return { files: filesById, related: reachable, versions: byDataset, allowedUsers, approved };
  }

  async function presentOne(actor: Actor | null, row: repo.DatasetListRow, expand: ReadonlySet<string>) {
    return presentDataset(actor, row, await extrasFor(actor, [row]), expand);
  }

  /** A version by id, or the latest version by UUID; unavailable ones only for dataset staff. */
  async function loadVisible(tx: DbOrTx, actor: Actor | null, key: string): Promise<repo.DatasetListRow> {
    const trimmed = key.trim();
    const row = isUuid(trimmed)
      ? await repo.findDataset(tx, { datasetId: trimmed.toLowerCase() })
      : /^\d{1,9}$/.test(trimmed)
        ? await repo.findDataset(tx, { id: Number(trimmed) })
        : null;
    if (!row || (!row.dataset.available && !seesUnavailable(actor))) throw new NotFoundError();
    return row;
  }

  async function snapshot(tx: DbOrTx, id: number) {
    const row = await repo.datasetRow(tx, id);
    const allowed = await allowedUsersOf(tx, 'dataset', [id]);
    return { ...row, allowed_users: allowed.get(id) ?? [] } as Record<string, unknown>;
  }

  async function history(
    tx: DbOrTx,
    id: number,
    action: 'create' | 'update',
    before: Record<string, unknown> | null,
    by: By,
  ) {
    await recordHistory(tx, {
      model: 'dataset',
      objectId: id,
      action,
      before,
      after: await snapshot(tx, id),
      by,
    });
  }

  /** Makes a new version of the latest version `sourceId` (staff §4.7): version + 1, linked to it. */
  async function makeVersion(actor: Actor, sourceId: number, input: NewDatasetVersion) {
    return db.transaction(async (tx) => {
      const source = await repo.lockDataset(tx, sourceId);
      if (!source) throw new NotFoundError();
      if (!source.isLatest) throw new ValidationError({ non_field_errors: [CATALOGUE_MESSAGES.notLatest] });
      await checkReferences(tx, input, source.datasetId);
      const before = await snapshot(tx, source.id);
      await repo.updateDataset(tx, source.id, { isLatest: false });
      await history(tx, source.id, 'update', before, actor);
      const created = await repo.insertDataset(tx, {
        // Fields the form leaves out carry over from the version it is made from.
        ...Object.fromEntries(
          Object.entries(source).filter(
            ([key]) => !['id', 'created', 'modified', 'creatorId', 'changeNotes'].includes(key),
          ),
        ),
        ...columnsOf(input),
        datasetId: source.datasetId,
        version: source.version + 1,
        parentId: source.id,
        isLatest: true,
        creatorId: actor.userId,
      } as repo.DatasetValues);
      await setAllowedUsers(tx, 'dataset', created.id, await allowedUserIdsOf(tx, 'dataset', source.id));
      await repo.linkFiles(tx, fileIdsOf(created), created.id);
      await history(tx, created.id, 'create', null, actor);
      return created.id;
    });
  }

  async function getDataset(
    actor: Actor | null,
    key: string,
    expand: ReadonlySet<string>,
  ): Promise<DatasetDto> {
    const row = await loadVisible(db, actor, key);
    return presentOne(actor, row, expand);
  }

  return {
    /** GET dataset/: researchers see available datasets; dataset staff every one. */
    async listDatasets(actor: Actor, query: Record<string, string | undefined>) {
      const split = parseBool('split', query.split);
      // `split`: every word of the search must match (in any of the searched fields).
      const words = split ? (query.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10) : [];
      const list = parseListQuery(datasetList, split ? { ...query, search: undefined } : query);
      const approved = parseBool('approved', query.approved);
      const page = await repo.listDatasets(
        db,
        list,
        repo.datasetsMatching({
          words,
          columns: DATASET_SEARCH,
          availableOnly: !seesUnavailable(actor),
          approvedFor: approved === undefined ? undefined : { userId: actor.userId, held: approved },
        }),
        words.length === 0 && approved === undefined && list.where === undefined,
      );
      const extras = await extrasFor(actor, page.rows);
      return {
        list,
        count: page.count,
        results: page.rows.map((row) => presentDataset(actor, row, extras, list.expand)),
      };
    },

    getDataset,

    /** POST dataset/: a new dataset, or (with `parent`) a new version of one. */
    async createDataset(
      actor: Actor,
      input: CreateDataset,
      expand: ReadonlySet<string>,
    ): Promise<DatasetDto> {
      if (input.parent != null) {
        const parent = await repo.findDataset(db, { id: input.parent });
        if (!parent) throw new ValidationError({ parent: [CATALOGUE_MESSAGES.unknownDataset] });
        authorize(actor, 'update', 'Dataset', {});
        const { parent: _parent, ...fields } = input;
        const id = await makeVersion(actor, parent.dataset.id, fields);
        return getDataset(actor, String(id), expand);
      }
      const id = await db.transaction(async (tx) => {
        await checkReferences(tx, input, null);
        const created = await repo.insertDataset(tx, {
          name: input.name,
          typeId: input.type,
          originId: input.origin,
          ...columnsOf(input),
          creatorId: actor.userId,
        });
        await repo.linkFiles(tx, fileIdsOf(created), created.id);
        await history(tx, created.id, 'create', null, actor);
        return created.id;
      });
      return getDataset(actor, String(id), expand);
    },

    /** POST dataset/{id}/new_version/. */
    async newVersion(
      actor: Actor,
      id: number,
      input: NewDatasetVersion,
      expand: ReadonlySet<string>,
    ): Promise<DatasetDto> {
      const created = await makeVersion(actor, id, input);
      return getDataset(actor, String(created), expand);
    },

    /** PATCH dataset/{id}/: edit details or allowed users of the latest version. */
    async updateDataset(
      actor: Actor,
      id: number,
      input: UpdateDataset,
      expand: ReadonlySet<string>,
    ): Promise<DatasetDto> {
      await db.transaction(async (tx) => {
        const current = await repo.lockDataset(tx, id);
        if (!current) throw new NotFoundError();
        if (!current.isLatest)
          throw new ValidationError({ non_field_errors: [CATALOGUE_MESSAGES.notLatest] });
        const { allowed_users: allowedUsers, ...fields } = input;
        await checkReferences(tx, fields, current.datasetId);
        const values = columnsOf(fields);
        const merged = { ...current, ...values };
        const location = {
          data_file: merged.dataFileId ?? null,
          globus_locations: merged.globusLocations ?? [],
          data_access: merged.dataAccess ?? null,
        };
        if (!hasDatasetLocation(location)) {
          throw new ValidationError({ non_field_errors: [CATALOGUE_MESSAGES.locationRequired] });
        }
        const before = await snapshot(tx, id);
        if (Object.keys(values).length > 0) {
          const updated = await repo.updateDataset(tx, id, values);
          await repo.linkFiles(tx, fileIdsOf(updated), id);
        }
        if (allowedUsers !== undefined) {
          await setAllowedUsers(tx, 'dataset', id, await allowedUserIds(tx, allowedUsers));
        }
        await history(tx, id, 'update', before, actor);
      });
      return getDataset(actor, String(id), expand);
    },

    /** GET dataset/{id}/researchers/: who the dataset access page lists for a dataset version. */
    async listResearchers(id: number, query: Record<string, string | undefined>) {
      const list = parseListQuery(datasetResearcherList, query);
      if (!(await repo.findDataset(db, { id }))) throw new NotFoundError();
      const page = await listAssociatedResearchers(db, list, id);
      return {
        list,
        count: page.count,
        results: page.rows.map((row) => ({
          id: row.id,
          display_name: row.name || row.email,
          email: row.email,
        })),
      };
    },

    /** Attaches an uploaded catalogue file to its dataset version (the upload's transaction). */
    async attachFile(tx: DbOrTx, actor: Actor, datasetId: number, type: DatasetFileType, fileId: number) {
      const before = await snapshot(tx, datasetId);
      await repo.updateDataset(tx, datasetId, { [DATASET_FILE_FIELDS[type].column]: fileId });
      await history(tx, datasetId, 'update', before, actor);
    },
  };
}
