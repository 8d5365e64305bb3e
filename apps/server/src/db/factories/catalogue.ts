import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { recordHistory } from '../../platform/history';
import { datasetAccess, datasets } from '../schema';

export interface NewDataset {
  name?: string;
  description?: string;
  /** Cohort id (cohorts are reference data). */
  cohortId?: number | null;
  /** 1 Phenotype, 2 Genetic, 3 Imaging. */
  typeId?: number;
  /** 1 Simons Foundation, 2 Curated, 3 External. */
  originId?: number;
  releaseDate?: string;
  available?: boolean;
  limited?: boolean;
  dataFileId?: number | null;
  dataAccess?: string | null;
  gpfAccessible?: boolean;
  gpfGroup?: string | null;
  gpfDatasetId?: string | null;
  globusGroupId?: string | null;
  globusLocations?: { endpoint_id: string; endpoint_name: string; location: string }[];
  accessionId?: string | null;
  fileSize?: string | null;
  order?: number;
  asdParticipants?: number | null;
  controlParticipants?: number | null;
  families?: number | null;
  relatedDatasetIds?: string[];
  changeNotes?: string | null;
  creatorId?: number | null;
  /** Makes the dataset a new version of this (latest) version: same UUID, version + 1. */
  parentId?: number;
}

/**
 * A dataset version as the catalogue service writes it (with its history). Without a location
 * of its own it gets an S3 data access, so it passes the form's location rule.
 */
export async function createDataset(tx: DbOrTx, input: NewDataset = {}) {
  let parent: typeof datasets.$inferSelect | undefined;
  if (input.parentId !== undefined) {
    [parent] = await tx.select().from(datasets).where(eq(datasets.id, input.parentId));
    if (!parent) throw new Error(`No dataset ${input.parentId}`);
    await tx.update(datasets).set({ isLatest: false }).where(eq(datasets.id, parent.id));
  }
  const name = input.name ?? parent?.name ?? 'SPARK Phenotype Dataset';
  // A new version keeps its parent's channels unless told otherwise.
  const globusLocations = input.globusLocations ?? parent?.globusLocations ?? [];
  const dataAccess = input.dataAccess === undefined ? (parent?.dataAccess ?? null) : input.dataAccess;
  const hasLocation = Boolean(input.dataFileId || globusLocations.length || dataAccess);
  const [dataset] = await tx
    .insert(datasets)
    .values({
      ...(parent ? { datasetId: parent.datasetId, version: parent.version + 1, parentId: parent.id } : {}),
      name,
      description: input.description ?? parent?.description ?? `<p>${name}.</p>`,
      cohortId: input.cohortId === undefined ? (parent?.cohortId ?? null) : input.cohortId,
      typeId: input.typeId ?? parent?.typeId ?? 1,
      originId: input.originId ?? parent?.originId ?? 1,
      releaseDate: input.releaseDate ?? new Date().toISOString().slice(0, 10),
      available: input.available ?? parent?.available ?? true,
      limited: input.limited ?? parent?.limited ?? false,
      dataFileId: input.dataFileId ?? null,
      dataAccess: hasLocation
        ? dataAccess
        : `s3://portal-datasets/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`,
      gpfAccessible: input.gpfAccessible ?? parent?.gpfAccessible ?? false,
      gpfGroup: input.gpfGroup ?? parent?.gpfGroup ?? null,
      gpfDatasetId: input.gpfDatasetId ?? parent?.gpfDatasetId ?? null,
      globusGroupId: input.globusGroupId ?? parent?.globusGroupId ?? null,
      globusLocations,
      accessionId: input.accessionId ?? parent?.accessionId ?? null,
      fileSize: input.fileSize ?? parent?.fileSize ?? null,
      order: input.order ?? parent?.order ?? 0,
      asdParticipants: input.asdParticipants ?? parent?.asdParticipants ?? null,
      controlParticipants: input.controlParticipants ?? parent?.controlParticipants ?? null,
      families: input.families ?? parent?.families ?? null,
      relatedDatasetIds: input.relatedDatasetIds ?? parent?.relatedDatasetIds ?? [],
      changeNotes: input.changeNotes ?? null,
      creatorId: input.creatorId ?? null,
    })
    .returning();
  if (!dataset) throw new Error('insert returned no dataset');
  await recordHistory(tx, {
    model: 'dataset',
    objectId: dataset.id,
    action: 'create',
    after: dataset,
    by: input.creatorId ? { userId: input.creatorId } : null,
  });
  return dataset;
}

export interface NewDatasetAccess {
  userId: number;
  datasetId: number;
  accessType: 'Globus' | 'AWS' | 'GPF' | 'Other';
  status?: 'granted' | 'revoked';
  requestId?: number | null;
}

/** A dataset access record (granted unless said otherwise). */
export async function createDatasetAccess(tx: DbOrTx, input: NewDatasetAccess) {
  const [row] = await tx
    .insert(datasetAccess)
    .values({
      userId: input.userId,
      datasetId: input.datasetId,
      accessType: input.accessType,
      status: input.status ?? 'granted',
      requestId: input.requestId ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned no dataset access');
  await recordHistory(tx, {
    model: 'datasetaccess',
    objectId: row.id,
    action: 'create',
    after: row,
    by: null,
  });
  return row;
}
