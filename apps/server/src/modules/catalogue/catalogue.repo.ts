import { REQUEST_TYPE, WORKFLOW_STATUS } from '@rrp/domain';
import {
  and,
  asc,
  eq,
  ilike,
  inArray,
  isNull,
  not,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { anyOfIds, executeNamedByText, prepared } from '../../platform/db/prepared';
import { insertRow, updateRow } from '../../platform/db/rows';
import {
  countMatching,
  escapeLike,
  selectOne,
  selectPage,
  type ListSpec,
  type ParsedList,
} from '../../platform/list';
import { cohorts, datasets, files, users } from '../../db/schema';

export type DatasetRow = typeof datasets.$inferSelect;
export type DatasetValues = typeof datasets.$inferInsert;
export type CohortRow = typeof cohorts.$inferSelect;
export type FileRef = { id: number; name: string; type: string; datasetId: number | null };

/** Request statuses that grant a dataset: Approved and Fulfilled. */
export const APPROVED_REQUEST_STATUSES = [WORKFLOW_STATUS.approved, WORKFLOW_STATUS.fulfilled] as const;
/** The Dataset request type (researcher §3). */
export const DATASET_REQUEST_TYPE = REQUEST_TYPE.dataset;
/** The approved statuses as SQL's list of numbers, for the queries written out in SQL. */
export const APPROVED_STATUS_LIST = sql.raw(APPROVED_REQUEST_STATUSES.join(', '));

export const fullNameSql = sql<string>`trim("users"."first_name" || ' ' || "users"."last_name")`;

/**
 * Datasets (by UUID, any version) the user holds a request for in one of these statuses, as its
 * owner or a current member of its project's team. Found from the user's own requests, through the
 * owner and team indexes, so its cost does not grow with how often a dataset was requested: asked
 * of each dataset instead, it read every request for it (0.4 s for the administrator's catalogue
 * with 200,000 requests, issue 15).
 */
function heldBy(userId: number | Placeholder, statuses: readonly number[]): SQL {
  return sql`${datasets.datasetId} in (
    select held_version.dataset_id
    from requests held_request
    join request_datasets held_link on held_link.request_id = held_request.id
    join datasets held_version on held_version.id = held_link.dataset_id
    where held_request.status_id in (${sql.raw(statuses.map(Number).join(', '))})
      and held_request.id in (
        select own.id from requests own where own.owner_id = ${userId}
        union
        select team_request.id from requests team_request
        join research_team_members tm on tm.project_id = team_request.project_id
        where tm.user_id = ${userId} and tm.removal_date is null))`;
}

/** The datasets the catalogue marks as the user's: held in an approved or fulfilled request. */
const approvedFor = (userId: number): SQL => heldBy(userId, APPROVED_REQUEST_STATUSES);

/** The dataset is one of the `uuids` parameter's (any version): one statement text for any number. */
const ofUuids = sql`${datasets.datasetId} = any(${sql.placeholder('uuids')}::uuid[])`;

/** The cohort's name, for search and ordering. */
export const cohortNameSql = sql<
  string | null
>`(select ${cohorts.name} from ${cohorts} where ${cohorts.id} = ${datasets.cohortId})`;

const datasetColumns = { dataset: datasets, cohortName: cohorts.name };

function selectDatasets(db: DbOrTx) {
  return db.select(datasetColumns).from(datasets).leftJoin(cohorts, eq(cohorts.id, datasets.cohortId));
}
export type DatasetListRow = { dataset: DatasetRow; cohortName: string | null };

/**
 * A page of datasets and their count. `plain`: no search words or `approved` filter, so one
 * generic plan suits every call, and both statements are prepared under their text.
 */
export async function listDatasets(db: DbOrTx, list: ParsedList, extra: SQL | undefined, plain: boolean) {
  const where = and(extra, list.where);
  const page = selectDatasets(db)
    .where(where)
    .orderBy(...list.orderBy)
    .limit(list.limit)
    .offset(list.offset);
  const [rows, total] = await Promise.all([
    plain ? executeNamedByText(page) : page,
    countMatching(db, datasets, where, plain),
  ]);
  return { rows, count: total };
}

/** A version by its id, or the latest version of a dataset by its UUID. */
export async function findDataset(db: DbOrTx, key: { id: number } | { datasetId: string }) {
  const where =
    'id' in key
      ? eq(datasets.id, key.id)
      : and(eq(datasets.datasetId, key.datasetId), eq(datasets.isLatest, true));
  const [row] = await selectDatasets(db).where(where);
  return row ?? null;
}

export async function lockDataset(db: DbOrTx, id: number): Promise<DatasetRow | null> {
  const [row] = await db.select().from(datasets).where(eq(datasets.id, id)).for('update');
  return row ?? null;
}

export const insertDataset = (db: DbOrTx, values: DatasetValues): Promise<DatasetRow> =>
  insertRow(db, datasets, values);

export const updateDataset = (db: DbOrTx, id: number, values: Partial<DatasetValues>): Promise<DatasetRow> =>
  updateRow(db, datasets, id, values);

/** The files a page of datasets points at (data file, dictionary, release notes). */
export async function filesByIds(db: DbOrTx, ids: readonly number[]): Promise<Map<number, FileRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id, name: files.name, type: files.type, datasetId: files.datasetId })
    .from(files)
    .where(inArray(files.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findFile(db: DbOrTx, id: number) {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

/** Gives files uploaded before their dataset existed to the dataset version. */
export async function linkFiles(db: DbOrTx, ids: readonly number[], datasetId: number) {
  if (ids.length === 0) return;
  await db
    .update(files)
    .set({ datasetId })
    .where(and(inArray(files.id, [...ids]), isNull(files.datasetId)));
}

/** The latest version of each of these datasets (by UUID), for related-dataset links. */
export async function latestByDatasetIds(db: DbOrTx, datasetIds: readonly string[]) {
  if (datasetIds.length === 0) {
    return new Map<string, { id: number; datasetId: string; name: string; available: boolean }>();
  }
  const rows = await prepared(db, 'latest_datasets_of_uuids', (name) =>
    db
      .select({
        id: datasets.id,
        datasetId: datasets.datasetId,
        name: datasets.name,
        available: datasets.available,
      })
      .from(datasets)
      .where(and(ofUuids, eq(datasets.isLatest, true)))
      .prepare(name),
  ).execute({ uuids: [...new Set(datasetIds)] });
  return new Map(rows.map((row) => [row.datasetId, row]));
}

/** Every version of these datasets, oldest first. */
export async function versionsOf(db: DbOrTx, datasetIds: readonly string[]) {
  if (datasetIds.length === 0) return [];
  return prepared(db, 'dataset_versions_of_uuids', (name) =>
    db
      .select({
        id: datasets.id,
        datasetId: datasets.datasetId,
        version: datasets.version,
        releaseDate: datasets.releaseDate,
        changeNotes: datasets.changeNotes,
        isLatest: datasets.isLatest,
        created: datasets.created,
      })
      .from(datasets)
      .where(ofUuids)
      .orderBy(asc(datasets.version))
      .prepare(name),
  ).execute({ uuids: [...new Set(datasetIds)] });
}

/** Of these dataset versions, the UUIDs of those `heldBy` the user in these statuses. */
export async function heldDatasetIds(
  db: DbOrTx,
  userId: number,
  ids: readonly number[],
  statuses: readonly number[] = APPROVED_REQUEST_STATUSES,
) {
  if (ids.length === 0) return new Set<string>();
  const rows = await prepared(db, `held_dataset_ids_${statuses.join('_')}`, (name) =>
    db
      .select({ datasetId: datasets.datasetId })
      .from(datasets)
      .where(and(anyOfIds(datasets.id), heldBy(sql.placeholder('userId'), statuses)))
      .prepare(name),
  ).execute({ ids: [...ids], userId });
  return new Set(rows.map((row) => row.datasetId));
}

/** The GET dataset/ conditions the list spec cannot express (`split` search, availability, `approved`). */
export function datasetsMatching(options: {
  /** Every word must match one of these columns. */
  words: readonly string[];
  columns: readonly (AnyColumn | SQL)[];
  availableOnly: boolean;
  /** Only the datasets the user holds (true) or does not hold (false) in an approved request. */
  approvedFor?: { userId: number; held: boolean };
}): SQL | undefined {
  const conditions: SQL[] = options.words.map((word) =>
    or(...options.columns.map((column) => ilike(column, `%${escapeLike(word)}%`)))!,
  );
  if (options.availableOnly) conditions.push(eq(datasets.available, true));
  if (options.approvedFor) {
    const held = approvedFor(options.approvedFor.userId);
    conditions.push(options.approvedFor.held ? held : not(held));
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The dataset versions visitors see: the latest version of each available dataset. */
export const publicDatasets = and(eq(datasets.available, true), eq(datasets.isLatest, true));

/** A dataset version's own row, as its history records it. */
export async function datasetRow(db: DbOrTx, id: number): Promise<DatasetRow | undefined> {
  const [row] = await db.select().from(datasets).where(eq(datasets.id, id));
  return row;
}

/** Accounts by e-mail (case-insensitive): lower-cased address -> user id. */
export async function usersByEmail(db: DbOrTx, emails: readonly string[]): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lowered));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
}

export async function cohortExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.id, id));
  return Boolean(row);
}

export const listCohorts = (db: DbOrTx, list: ParsedList) => selectPage(db, cohorts, list);

export const findCohort = (db: DbOrTx, spec: ListSpec, id: number) => selectOne(db, cohorts, spec, id);
