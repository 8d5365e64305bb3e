import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { insertRow, updateRow } from '../../platform/db/rows';
import { countMatching, type ParsedList } from '../../platform/list';
import {
  datasetAccess,
  datasets,
  requestDatasets,
  requests,
  researchTeamMembers,
  users,
} from '../../db/schema';
import { APPROVED_STATUS_LIST, fullNameSql } from './catalogue.repo';

export type DatasetAccessRow = typeof datasetAccess.$inferSelect;

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

export const insertDatasetAccess = (db: DbOrTx, values: typeof datasetAccess.$inferInsert) =>
  insertRow(db, datasetAccess, values);

export const updateDatasetAccess = (
  db: DbOrTx,
  id: number,
  values: Partial<typeof datasetAccess.$inferInsert>,
) => updateRow(db, datasetAccess, id, values);

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function requestExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: requests.id }).from(requests).where(eq(requests.id, id));
  return Boolean(row);
}

/**
 * The researchers associated with a dataset version: owners and current team members (with an
 * account) of Approved or Fulfilled requests for any version of the dataset, and everyone with
 * an access record on this version.
 */
function associatedWith(datasetRowId: number): SQL {
  return sql`${users.id} in (
    select ${requests.ownerId} from ${requests}
      join ${requestDatasets} on ${requestDatasets.requestId} = ${requests.id}
      join ${datasets} as family on family.id = ${requestDatasets.datasetId}
      where ${requests.statusId} in (${APPROVED_STATUS_LIST})
        and family.dataset_id = (select d.dataset_id from ${datasets} as d where d.id = ${datasetRowId})
    union
    select ${researchTeamMembers.userId} from ${researchTeamMembers}
      join ${requests} on ${requests.projectId} = ${researchTeamMembers.projectId}
      join ${requestDatasets} on ${requestDatasets.requestId} = ${requests.id}
      join ${datasets} as family on family.id = ${requestDatasets.datasetId}
      where ${requests.statusId} in (${APPROVED_STATUS_LIST})
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
