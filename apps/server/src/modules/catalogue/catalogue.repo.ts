import { and, asc, eq, exists, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { countMatching, type ParsedList } from '../../platform/list';
import {
  cohorts,
  datasetAccess,
  datasetAllowedUsers,
  datasets,
  files,
  groups,
  institutions,
  projects,
  requestDatasets,
  requests,
  researchTeamMembers,
  sampleTypeAllowedUsers,
  sampleTypeCohorts,
  sampleTypes,
  userGroups,
  users,
} from '../../db/schema';

export type DatasetRow = typeof datasets.$inferSelect;
export type SampleTypeRow = typeof sampleTypes.$inferSelect;
export type DatasetAccessRow = typeof datasetAccess.$inferSelect;
export type FileRef = { id: number; name: string; type: string; datasetId: number | null };

/** Request statuses that grant a dataset: Approved (4) and Fulfilled (7). */
export const APPROVED_REQUEST_STATUSES = [4, 7] as const;
/** The Dataset request type (researcher §3). */
export const DATASET_REQUEST_TYPE = 1;

/**
 * Datasets (by UUID, any version) the user holds a request for in one of these statuses, as its
 * owner or a current member of its project's team. Found from the user's own requests, through the
 * owner and team indexes, so its cost does not grow with how often a dataset was requested: asked
 * of each dataset instead, it read every request for it (0.4 s for the administrator's catalogue
 * with 200,000 requests, issue 15).
 */
export function heldBy(userId: number, statuses: readonly number[]): SQL {
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
export const approvedFor = (userId: number): SQL => heldBy(userId, APPROVED_REQUEST_STATUSES);

/** The cohort's name, for search and ordering. */
export const cohortNameSql = sql<
  string | null
>`(select ${cohorts.name} from ${cohorts} where ${cohorts.id} = ${datasets.cohortId})`;

const datasetColumns = { dataset: datasets, cohortName: cohorts.name };

function selectDatasets(db: DbOrTx) {
  return db.select(datasetColumns).from(datasets).leftJoin(cohorts, eq(cohorts.id, datasets.cohortId));
}
export type DatasetListRow = { dataset: DatasetRow; cohortName: string | null };

export async function listDatasets(db: DbOrTx, list: ParsedList, extra?: SQL) {
  const where = and(extra, list.where);
  const [rows, total] = await Promise.all([
    selectDatasets(db)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, datasets, where),
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

export async function insertDataset(db: DbOrTx, values: typeof datasets.$inferInsert): Promise<DatasetRow> {
  const [row] = await db.insert(datasets).values(values).returning();
  return row!;
}

export async function updateDataset(
  db: DbOrTx,
  id: number,
  values: Partial<typeof datasets.$inferInsert>,
): Promise<DatasetRow> {
  const [row] = await db
    .update(datasets)
    .set({ ...values, modified: new Date() })
    .where(eq(datasets.id, id))
    .returning();
  return row!;
}

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
  const rows = await db
    .select({
      id: datasets.id,
      datasetId: datasets.datasetId,
      name: datasets.name,
      available: datasets.available,
    })
    .from(datasets)
    .where(and(inArray(datasets.datasetId, [...new Set(datasetIds)]), eq(datasets.isLatest, true)));
  return new Map(rows.map((row) => [row.datasetId, row]));
}

/** Every version of these datasets, oldest first. */
export async function versionsOf(db: DbOrTx, datasetIds: readonly string[]) {
  if (datasetIds.length === 0) return [];
  return db
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
    .where(inArray(datasets.datasetId, [...new Set(datasetIds)]))
    .orderBy(asc(datasets.version));
}

/** Of these dataset versions, the UUIDs of those `heldBy` the user in these statuses. */
export async function heldDatasetIds(
  db: DbOrTx,
  userId: number,
  ids: readonly number[],
  statuses: readonly number[] = APPROVED_REQUEST_STATUSES,
) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ datasetId: datasets.datasetId })
    .from(datasets)
    .where(and(inArray(datasets.id, [...ids]), heldBy(userId, statuses)));
  return new Set(rows.map((row) => row.datasetId));
}

/**
 * The allowed users of restricted resources (datasets and sample types alike): one table per kind,
 * each linking a resource to user accounts.
 */
const ALLOWED_USERS = {
  dataset: {
    table: datasetAllowedUsers,
    owner: datasetAllowedUsers.datasetId,
    row: (datasetId: number, userId: number) => ({ datasetId, userId }),
  },
  sampleType: {
    table: sampleTypeAllowedUsers,
    owner: sampleTypeAllowedUsers.sampleTypeId,
    row: (sampleTypeId: number, userId: number) => ({ sampleTypeId, userId }),
  },
} as const;
export type RestrictedKind = keyof typeof ALLOWED_USERS;

/**
 * Resource id -> the e-mail addresses of its allowed users, alphabetically; with `onlyUserId`, just
 * that user's address where they are on the list.
 */
export async function allowedUsersOf(
  db: DbOrTx,
  kind: RestrictedKind,
  ids: readonly number[],
  onlyUserId?: number,
) {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const { table, owner } = ALLOWED_USERS[kind];
  const rows = await db
    .select({ ownerId: owner, email: users.email })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(and(inArray(owner, [...ids]), onlyUserId === undefined ? undefined : eq(table.userId, onlyUserId)))
    .orderBy(asc(users.email));
  for (const row of rows) {
    const emails = map.get(row.ownerId);
    if (emails) emails.push(row.email);
    else map.set(row.ownerId, [row.email]);
  }
  return map;
}

export async function allowedUserIdsOf(db: DbOrTx, kind: RestrictedKind, id: number): Promise<number[]> {
  const { table, owner } = ALLOWED_USERS[kind];
  const rows = await db.select({ userId: table.userId }).from(table).where(eq(owner, id));
  return rows.map((row) => row.userId);
}

/** Replaces a resource's allowed users. */
export async function setAllowedUsers(
  db: DbOrTx,
  kind: RestrictedKind,
  id: number,
  userIds: readonly number[],
) {
  const { table, owner, row } = ALLOWED_USERS[kind];
  await db.delete(table).where(eq(owner, id));
  if (userIds.length > 0) await db.insert(table).values(userIds.map((userId) => row(id, userId)));
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

/* ---------------------------------------------------------------- sample types */

export async function listSampleTypes(db: DbOrTx, list: ParsedList) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(sampleTypes)
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, sampleTypes, list.where),
  ]);
  return { rows, count: total };
}

export async function findSampleType(db: DbOrTx, id: number, lock = false): Promise<SampleTypeRow | null> {
  const query = db.select().from(sampleTypes).where(eq(sampleTypes.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateSampleType(
  db: DbOrTx,
  id: number,
  values: Partial<typeof sampleTypes.$inferInsert>,
) {
  const [row] = await db
    .update(sampleTypes)
    .set({ ...values, modified: new Date() })
    .where(eq(sampleTypes.id, id))
    .returning();
  return row!;
}

export async function cohortsOfSampleTypes(db: DbOrTx, ids: readonly number[]) {
  const map = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ sampleTypeId: sampleTypeCohorts.sampleTypeId, id: cohorts.id, name: cohorts.name })
    .from(sampleTypeCohorts)
    .innerJoin(cohorts, eq(cohorts.id, sampleTypeCohorts.cohortId))
    .where(inArray(sampleTypeCohorts.sampleTypeId, [...ids]))
    .orderBy(asc(cohorts.id));
  for (const row of rows) {
    map.set(row.sampleTypeId, [...(map.get(row.sampleTypeId) ?? []), { id: row.id, name: row.name }]);
  }
  return map;
}

/* ---------------------------------------------------------------- dataset access */

const accessColumns = {
  access: datasetAccess,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  userEmail: users.email,
  datasetUuid: datasets.datasetId,
  datasetName: datasets.name,
};
export type DatasetAccessListRow = {
  access: DatasetAccessRow;
  userFirstName: string;
  userLastName: string;
  userEmail: string;
  datasetUuid: string;
  datasetName: string;
};

function selectAccess(db: DbOrTx) {
  return db
    .select(accessColumns)
    .from(datasetAccess)
    .innerJoin(users, eq(users.id, datasetAccess.userId))
    .innerJoin(datasets, eq(datasets.id, datasetAccess.datasetId));
}

export async function listDatasetAccess(db: DbOrTx, list: ParsedList) {
  const [rows, total] = await Promise.all([
    selectAccess(db)
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, datasetAccess, list.where),
  ]);
  return { rows, count: total };
}

export async function findDatasetAccess(db: DbOrTx, id: number): Promise<DatasetAccessListRow | null> {
  const [row] = await selectAccess(db).where(eq(datasetAccess.id, id));
  return row ?? null;
}

export async function lockDatasetAccess(db: DbOrTx, id: number): Promise<DatasetAccessRow | null> {
  const [row] = await db.select().from(datasetAccess).where(eq(datasetAccess.id, id)).for('update');
  return row ?? null;
}

export async function findAccessRecord(db: DbOrTx, userId: number, datasetId: number, accessType: string) {
  const [row] = await db
    .select()
    .from(datasetAccess)
    .where(
      and(
        eq(datasetAccess.userId, userId),
        eq(datasetAccess.datasetId, datasetId),
        eq(datasetAccess.accessType, accessType),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function insertDatasetAccess(db: DbOrTx, values: typeof datasetAccess.$inferInsert) {
  const [row] = await db.insert(datasetAccess).values(values).returning();
  return row!;
}

export async function updateDatasetAccess(
  db: DbOrTx,
  id: number,
  values: Partial<typeof datasetAccess.$inferInsert>,
) {
  const [row] = await db
    .update(datasetAccess)
    .set({ ...values, modified: new Date() })
    .where(eq(datasetAccess.id, id))
    .returning();
  return row!;
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function requestExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: requests.id }).from(requests).where(eq(requests.id, id));
  return Boolean(row);
}

/* ---------------------------------------------------------------- public researchers */

/** The user holds an approved (or fulfilled) dataset request. */
export const hasApprovedDatasetRequest = sql`exists (select 1 from ${requests} where ${requests.ownerId} = ${users.id} and ${requests.typeId} = ${DATASET_REQUEST_TYPE} and ${requests.statusId} in (4, 7))`;

/**
 * The name of the user's primary institution. Written with qualified names: drizzle leaves
 * columns unqualified in a single-table select list, where `id` would be ambiguous.
 */
export const primaryInstitutionNameSql = sql<string | null>`(
  select "institutions"."name" from "user_institutions"
  join "institutions" on "institutions"."id" = "user_institutions"."institution_id"
  where "user_institutions"."user_id" = "users"."id"
  order by "user_institutions"."primary" desc, "user_institutions"."id" asc limit 1)`;

export const fullNameSql = sql<string>`trim("users"."first_name" || ' ' || "users"."last_name")`;

export async function listPublicResearchers(db: DbOrTx, list: ParsedList) {
  const where = and(hasApprovedDatasetRequest, eq(users.isActive, true), list.where);
  const [rows, total] = await Promise.all([
    db
      .select({ id: users.id, name: fullNameSql, institutionName: primaryInstitutionNameSql })
      .from(users)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, users, where),
  ]);
  return { rows, count: total };
}

/** An active primary researcher (the only accounts with a public page), with their institution. */
export async function findPublicResearcher(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id, name: fullNameSql, institutionName: primaryInstitutionNameSql })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.isActive, true),
        exists(
          db
            .select({ one: sql`1` })
            .from(userGroups)
            .innerJoin(groups, eq(groups.id, userGroups.groupId))
            .where(and(eq(userGroups.userId, users.id), eq(groups.name, 'primary_researcher'))),
        ),
      ),
    );
  return row ?? null;
}

/** The researcher's approved (or fulfilled) dataset requests, with their project and datasets. */
export async function approvedRequestsOf(db: DbOrTx, userId: number) {
  return db
    .select({
      requestId: requests.id,
      projectId: projects.id,
      title: projects.title,
      abstract: projects.abstract,
      publicTitle: projects.publicTitle,
      publicAbstract: projects.publicAbstract,
      datasetRowId: datasets.id,
      datasetUuid: datasets.datasetId,
      datasetName: datasets.name,
    })
    .from(requests)
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .leftJoin(requestDatasets, eq(requestDatasets.requestId, requests.id))
    .leftJoin(datasets, eq(datasets.id, requestDatasets.datasetId))
    .where(
      and(
        eq(requests.ownerId, userId),
        eq(requests.typeId, DATASET_REQUEST_TYPE),
        inArray(requests.statusId, [...APPROVED_REQUEST_STATUSES]),
      ),
    )
    .orderBy(asc(projects.title), asc(projects.id), asc(datasets.name));
}

/** The current teams of these projects: name, role and institution, nothing else. */
export async function teamsOf(db: DbOrTx, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  return db
    .select({
      projectId: researchTeamMembers.projectId,
      firstName: researchTeamMembers.firstName,
      lastName: researchTeamMembers.lastName,
      userRole: researchTeamMembers.userRole,
      institutionName: institutions.name,
    })
    .from(researchTeamMembers)
    .leftJoin(institutions, eq(institutions.id, researchTeamMembers.institutionId))
    .where(
      and(inArray(researchTeamMembers.projectId, [...projectIds]), isNull(researchTeamMembers.removalDate)),
    )
    .orderBy(asc(researchTeamMembers.userRole), asc(researchTeamMembers.lastName));
}

/**
 * The researchers associated with a dataset version: owners and current team members (with an
 * account) of Approved or Fulfilled requests for any version of the dataset, and everyone with
 * an access record on this version.
 */
export function associatedWith(datasetRowId: number): SQL {
  return sql`${users.id} in (
    select ${requests.ownerId} from ${requests}
      join ${requestDatasets} on ${requestDatasets.requestId} = ${requests.id}
      join ${datasets} as family on family.id = ${requestDatasets.datasetId}
      where ${requests.statusId} in (4, 7)
        and family.dataset_id = (select d.dataset_id from ${datasets} as d where d.id = ${datasetRowId})
    union
    select ${researchTeamMembers.userId} from ${researchTeamMembers}
      join ${requests} on ${requests.projectId} = ${researchTeamMembers.projectId}
      join ${requestDatasets} on ${requestDatasets.requestId} = ${requests.id}
      join ${datasets} as family on family.id = ${requestDatasets.datasetId}
      where ${requests.statusId} in (4, 7)
        and ${researchTeamMembers.removalDate} is null
        and ${researchTeamMembers.userId} is not null
        and family.dataset_id = (select d.dataset_id from ${datasets} as d where d.id = ${datasetRowId})
    union
    select ${datasetAccess.userId} from ${datasetAccess} where ${datasetAccess.datasetId} = ${datasetRowId}
  )`;
}

export async function listAssociatedResearchers(db: DbOrTx, list: ParsedList, datasetRowId: number) {
  const where = and(associatedWith(datasetRowId), list.where);
  const [rows, total] = await Promise.all([
    db
      .select({ id: users.id, name: fullNameSql, email: users.email })
      .from(users)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    countMatching(db, users, where),
  ]);
  return { rows, count: total };
}
