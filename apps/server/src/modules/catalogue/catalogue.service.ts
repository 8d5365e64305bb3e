import {
  can,
  CATALOGUE_MESSAGES,
  hasDatasetLocation,
  isUuid,
  type Actor,
  type CohortDto,
  type CreateDataset,
  type CreateDatasetAccess,
  type DatasetAccessDto,
  type DatasetDto,
  type DatasetVersionDto,
  type NewDatasetVersion,
  type UpdateDataset,
  type UpdateDatasetAccess,
  type UpdateSampleType,
} from '@rrp/domain';
import { and, eq, ilike, not, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database';
import { authorize } from '../../platform/http/access';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { escapeLike, ownValue, parseListQuery, selectOne, selectPage } from '../../platform/list';
import { cohorts, datasets } from '../../db/schema';
import {
  cohortList,
  DATASET_SEARCH,
  datasetAccessList,
  datasetList,
  datasetResearcherList,
  sampleTypeList,
} from './catalogue.lists';
import * as repo from './catalogue.repo';
import {
  presentDataset,
  presentDatasetAccess,
  presentSampleType,
  seesInternals,
  type DatasetExtras,
} from './catalogue.presenter';
import { sanitizeRichText } from '../../platform/rich-text';

const presentCohort = (row: typeof cohorts.$inferSelect): CohortDto => ({
  id: row.id,
  name: row.name,
  welcome_packet: row.welcomePacket,
});

type By = Pick<Actor, 'userId' | 'impersonatorId'>;

/** Which dataset versions a user already holds a request for: the request wizard checks it too. */
export { heldDatasetIds } from './catalogue.repo';

/** The catalogue's file types and the dataset column each fills. */
export const DATASET_FILE_FIELDS = {
  dataset_file: { field: 'data_file', column: 'dataFileId' },
  data_dictionary: { field: 'public_data_dictionary', column: 'publicDataDictionaryId' },
  release_notes: { field: 'public_release_notes', column: 'publicReleaseNotesId' },
} as const;
export type DatasetFileType = keyof typeof DATASET_FILE_FIELDS;

/** Dataset staff (admins, access admins, superusers) also see unavailable datasets. */
/** Sample types: editors see every allowed user, others only themselves (when on the list). */
const allowedUsersFilter = (actor: Actor) => (can(actor, 'update', 'SampleType') ? undefined : actor.userId);

const seesUnavailable = (actor: Actor | null) => seesInternals(actor) || can(actor, 'create', 'Dataset');

/** A true/false query value, or a field error. */
function parseBool(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = ownValue({ true: true, false: false, '1': true, '0': false }, raw.trim().toLowerCase());
  if (value === undefined) throw new ValidationError({ [name]: ['Enter true or false.'] });
  return value;
}

/** Whether `fileId` is a file of the right type that is free, or already this dataset's. */
async function checkFile(
  tx: DbOrTx,
  field: string,
  type: DatasetFileType,
  fileId: number | null | undefined,
  family: string | null,
) {
  if (fileId == null) return;
  const file = await repo.findFile(tx, fileId);
  if (!file) throw new ValidationError({ [field]: [CATALOGUE_MESSAGES.fileNotFound] });
  if (file.type !== type) {
    throw new ValidationError({ [field]: [CATALOGUE_MESSAGES.wrongFileType(type)] });
  }
  if (file.datasetId !== null) {
    const owner = await repo.findDataset(tx, { id: file.datasetId });
    // A file of another dataset is not this one's to take.
    if (owner && owner.dataset.datasetId !== family) {
      throw new ValidationError({ [field]: [CATALOGUE_MESSAGES.fileNotFound] });
    }
  }
}

/** The columns a dataset form's fields write (only those sent). */
function columnsOf(input: Partial<CreateDataset>): Partial<typeof datasets.$inferInsert> {
  const values: Partial<typeof datasets.$inferInsert> = {};
  const set = <K extends keyof typeof datasets.$inferInsert>(
    key: K,
    value: (typeof datasets.$inferInsert)[K] | undefined,
  ) => {
    if (value !== undefined) values[key] = value;
  };
  set('name', input.name);
  if (input.description !== undefined) values.description = sanitizeRichText(input.description);
  set('cohortId', input.cohort === undefined ? undefined : (input.cohort ?? null));
  set('typeId', input.type);
  set('originId', input.origin);
  set('releaseDate', input.release_date);
  set('available', input.available);
  set('limited', input.limited);
  set('dataFileId', input.data_file === undefined ? undefined : (input.data_file ?? null));
  set('dataAccess', input.data_access);
  set('gpfAccessible', input.gpf_accessible);
  set('gpfGroup', input.gpf_group);
  set('gpfDatasetId', input.gpf_dataset_id);
  set('globusGroupId', input.globus_group_id);
  set('globusLocations', input.globus_locations);
  set('accessionId', input.accession_id);
  set('fileSize', input.file_size);
  set('order', input.order);
  set(
    'publicDataDictionaryId',
    input.public_data_dictionary === undefined ? undefined : (input.public_data_dictionary ?? null),
  );
  set(
    'publicReleaseNotesId',
    input.public_release_notes === undefined ? undefined : (input.public_release_notes ?? null),
  );
  set('asdParticipants', input.asd_participants === undefined ? undefined : (input.asd_participants ?? null));
  set(
    'controlParticipants',
    input.control_participants === undefined ? undefined : (input.control_participants ?? null),
  );
  set('families', input.families === undefined ? undefined : (input.families ?? null));
  set(
    'relatedDatasetIds',
    input.related_datasets?.map((id) => id.toLowerCase()),
  );
  set('changeNotes', input.change_notes);
  return values;
}

export function createCatalogueService(deps: { db: Db }) {
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
        ? repo.allowedUsersOf(
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
    const [row] = await tx.select().from(datasets).where(eq(datasets.id, id));
    const allowed = await repo.allowedUsersOf(tx, 'dataset', [id]);
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

  /** Cohort, related datasets and files of a dataset form, checked against the database. */
  async function checkReferences(tx: DbOrTx, input: Partial<CreateDataset>, family: string | null) {
    if (input.cohort != null && !(await repo.cohortExists(tx, input.cohort))) {
      throw new ValidationError({ cohort: [CATALOGUE_MESSAGES.unknownCohort] });
    }
    if (input.related_datasets?.length) {
      const wanted = [...new Set(input.related_datasets.map((id) => id.toLowerCase()))];
      const found = await repo.latestByDatasetIds(tx, wanted);
      if (wanted.some((id) => !found.has(id) || id === family)) {
        throw new ValidationError({ related_datasets: [CATALOGUE_MESSAGES.unknownRelated] });
      }
    }
    await checkFile(tx, 'data_file', 'dataset_file', input.data_file, family);
    await checkFile(tx, 'public_data_dictionary', 'data_dictionary', input.public_data_dictionary, family);
    await checkFile(tx, 'public_release_notes', 'release_notes', input.public_release_notes, family);
  }

  /** The accounts behind an allowed-users list; one unknown address refuses the whole list. */
  async function allowedUserIds(tx: DbOrTx, emails: readonly string[]): Promise<number[]> {
    const accounts = await repo.usersByEmail(tx, emails);
    const unknown = emails.filter((email) => !accounts.has(email.toLowerCase()));
    if (unknown.length > 0)
      throw new ValidationError({ allowed_users: [CATALOGUE_MESSAGES.unknownUsers(unknown)] });
    return emails.map((email) => accounts.get(email.toLowerCase())!);
  }

  const fileIdsOf = (row: repo.DatasetRow) =>
    [row.dataFileId, row.publicDataDictionaryId, row.publicReleaseNotesId].filter(
      (id): id is number => id !== null,
    );

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
      } as typeof datasets.$inferInsert);
      await repo.setAllowedUsers(
        tx,
        'dataset',
        created.id,
        await repo.allowedUserIdsOf(tx, 'dataset', source.id),
      );
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
    async listCohorts(query: Record<string, string | undefined>) {
      const list = parseListQuery(cohortList, query);
      const page = await selectPage(deps.db, cohorts, list);
      return { list, count: page.count, results: page.rows.map(presentCohort) };
    },

    async getCohort(id: number) {
      const row = await selectOne(deps.db, cohorts, cohortList, id);
      if (!row) throw new NotFoundError();
      return presentCohort(row);
    },

    /* ------------------------------------------------------------ datasets */

    /** GET dataset/: researchers see available datasets; dataset staff every one. */
    async listDatasets(actor: Actor, query: Record<string, string | undefined>) {
      const split = parseBool('split', query.split);
      // `split`: every word of the search must match (in any of the searched fields).
      const words = split ? (query.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10) : [];
      const list = parseListQuery(datasetList, split ? { ...query, search: undefined } : query);
      const approved = parseBool('approved', query.approved);
      const conditions: SQL[] = words.map((word) =>
        or(...DATASET_SEARCH.map((column) => ilike(column, `%${escapeLike(word)}%`)))!,
      );
      if (!seesUnavailable(actor)) conditions.push(eq(datasets.available, true));
      if (approved !== undefined) {
        const held = repo.approvedFor(actor.userId);
        conditions.push(approved ? held : not(held));
      }
      const page = await repo.listDatasets(db, list, conditions.length ? and(...conditions) : undefined);
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
          await repo.setAllowedUsers(tx, 'dataset', id, await allowedUserIds(tx, allowedUsers));
        }
        await history(tx, id, 'update', before, actor);
      });
      return getDataset(actor, String(id), expand);
    },

    /** GET dataset/{id}/researchers/: who the dataset access page lists for a dataset version. */
    async listResearchers(id: number, query: Record<string, string | undefined>) {
      const list = parseListQuery(datasetResearcherList, query);
      if (!(await repo.findDataset(db, { id }))) throw new NotFoundError();
      const page = await repo.listAssociatedResearchers(db, list, id);
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

    /* ------------------------------------------------------------ sample types */

    async listSampleTypes(actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(sampleTypeList, query);
      const page = await repo.listSampleTypes(db, list);
      const ids = page.rows.map((row) => row.id);
      const [cohortsById, allowed] = await Promise.all([
        repo.cohortsOfSampleTypes(db, ids),
        repo.allowedUsersOf(db, 'sampleType', ids, allowedUsersFilter(actor)),
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

    async getSampleType(actor: Actor, id: number, expand: ReadonlySet<string>) {
      const row = await repo.findSampleType(db, id);
      if (!row) throw new NotFoundError();
      const [cohortsById, allowed] = await Promise.all([
        repo.cohortsOfSampleTypes(db, [id]),
        repo.allowedUsersOf(db, 'sampleType', [id], allowedUsersFilter(actor)),
      ]);
      return presentSampleType(actor, row, cohortsById.get(id) ?? [], allowed.get(id) ?? [], expand);
    },

    /** PATCH sample-type/{id}/: allowed users (one unknown address refuses the list), limited, available. */
    async updateSampleType(actor: Actor, id: number, input: UpdateSampleType, expand: ReadonlySet<string>) {
      await db.transaction(async (tx) => {
        const current = await repo.findSampleType(tx, id, true);
        if (!current) throw new NotFoundError();
        const allowedBefore = (await repo.allowedUsersOf(tx, 'sampleType', [id])).get(id) ?? [];
        const values: { limited?: boolean; available?: boolean } = {};
        if (input.limited !== undefined) values.limited = input.limited;
        if (input.available !== undefined) values.available = input.available;
        const updated = Object.keys(values).length ? await repo.updateSampleType(tx, id, values) : current;
        if (input.allowed_users !== undefined) {
          await repo.setAllowedUsers(tx, 'sampleType', id, await allowedUserIds(tx, input.allowed_users));
        }
        const allowedAfter = (await repo.allowedUsersOf(tx, 'sampleType', [id])).get(id) ?? [];
        await recordHistory(tx, {
          model: 'sampletype',
          objectId: id,
          action: 'update',
          before: { ...current, allowed_users: allowedBefore },
          after: { ...updated, allowed_users: allowedAfter },
          by: actor,
        });
      });
      return this.getSampleType(actor, id, expand);
    },

    /* ------------------------------------------------------------ dataset access */

    async listDatasetAccess(query: Record<string, string | undefined>) {
      const list = parseListQuery(datasetAccessList, query);
      const page = await repo.listDatasetAccess(db, list);
      return {
        list,
        count: page.count,
        results: page.rows.map((row) => presentDatasetAccess(row, list.expand)),
      };
    },

    async getDatasetAccess(id: number, expand: ReadonlySet<string>): Promise<DatasetAccessDto> {
      const row = await repo.findDatasetAccess(db, id);
      if (!row) throw new NotFoundError();
      return presentDatasetAccess(row, expand);
    },

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
        const dataset = await repo.findDataset(tx, { id: input.dataset });
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
      return { created: result.created, access: await this.getDatasetAccess(result.id, expand) };
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
          const dataset = await repo.findDataset(tx, { id: current.datasetId });
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
      return this.getDatasetAccess(id, expand);
    },
  };
}

/** The channel must be one the dataset offers (Globus, AWS, GPF); Other always may be recorded. */
function checkChannel(dataset: repo.DatasetRow, accessType: string) {
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

export type CatalogueService = ReturnType<typeof createCatalogueService>;
