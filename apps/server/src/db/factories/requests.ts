import { eq, sql } from 'drizzle-orm';
import { WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { recordHistory } from '../../platform/history';
import {
  datasets,
  projects,
  requestDatasets,
  requestMembers,
  requestRenewals,
  requestSamples,
  requests,
  samples,
} from '../schema';

export interface NewRequest {
  projectId: number;
  /** Request status id (constants/statuses.ts); defaults to Created (1). */
  statusId?: number;
  /** Request type id; defaults to Dataset (1). */
  typeId?: number;
  /** Defaults to the project's owner. */
  ownerId?: number;
  /** Defaults to the project's institution. */
  institutionId?: number | null;
  submissionDate?: Date | null;
  decisionDate?: Date | null;
  expirationDate?: Date | null;
  additionalData?: Record<string, unknown>;
  /** The requested resources' names; linking datasets fills it in when empty. */
  displayName?: string;
  cohortIds?: number[];
  /** Biospecimen requests: the sample type. */
  sampleTypeId?: number | null;
  creatorId?: number | null;
  agreedToUsagePolicy?: boolean;
}

/** A request row (the request work adds its own service on top of this table). */
export async function createRequest(tx: DbOrTx, input: NewRequest) {
  const [project] = await tx.select().from(projects).where(eq(projects.id, input.projectId));
  if (!project) throw new Error(`No project ${input.projectId}`);
  const statusId = input.statusId ?? WORKFLOW_STATUS.created;
  const [request] = await tx
    .insert(requests)
    .values({
      projectId: project.id,
      ownerId: input.ownerId ?? project.ownerId,
      institutionId: input.institutionId === undefined ? project.institutionId : input.institutionId,
      statusId,
      typeId: input.typeId ?? 1,
      submissionDate:
        input.submissionDate === undefined
          ? statusId === WORKFLOW_STATUS.created
            ? null
            : new Date()
          : input.submissionDate,
      decisionDate: input.decisionDate ?? null,
      expirationDate: input.expirationDate ?? null,
      additionalData: input.additionalData ?? {},
      displayName: input.displayName ?? '',
      cohortIds: input.cohortIds ?? [],
      sampleTypeId: input.sampleTypeId ?? null,
      creatorId: input.creatorId ?? null,
      agreedToUsagePolicy: input.agreedToUsagePolicy ?? false,
    })
    .returning();
  if (!request) throw new Error('insert returned no request');
  await recordHistory(tx, {
    model: 'request',
    objectId: request.id,
    action: 'create',
    after: request,
    by: { userId: request.ownerId },
  });
  return request;
}

/** Links datasets to a (dataset) request, as the request wizard does. */
export async function linkRequestDatasets(tx: DbOrTx, requestId: number, datasetIds: readonly number[]) {
  if (datasetIds.length === 0) return;
  await tx
    .insert(requestDatasets)
    .values(datasetIds.map((datasetId) => ({ requestId, datasetId })))
    .onConflictDoNothing();
  // The list columns "Requested Resource" and "Cohort" follow the datasets, as the service writes them.
  await tx.execute(sql`update ${requests} set
      display_name = case when ${requests.displayName} = '' then coalesce((select string_agg(d.name, ', ' order by d.name) from ${requestDatasets} rd join ${datasets} d on d.id = rd.dataset_id where rd.request_id = ${requestId}), '') else ${requests.displayName} end,
      cohort_ids = coalesce((select array_agg(distinct d.cohort_id) from ${requestDatasets} rd join ${datasets} d on d.id = rd.dataset_id where rd.request_id = ${requestId} and d.cohort_id is not null), '{}'::integer[])
    where ${requests.id} = ${requestId}`);
}

export interface NewSample {
  id: string;
  sampleTypeId: number;
  amountAvailable?: number;
  unit?: string;
  ipscConsented?: boolean;
  /** available (default), limited, unavailable or cpls. */
  status?: 'available' | 'limited' | 'unavailable' | 'cpls';
}

/** A biospecimen inventory row (what validateSamples answers from; decision 057). */
export async function createSample(tx: DbOrTx, input: NewSample) {
  const [row] = await tx
    .insert(samples)
    .values({
      id: input.id,
      sampleTypeId: input.sampleTypeId,
      amountAvailable: input.amountAvailable ?? 5,
      unit: input.unit ?? 'vials',
      ipscConsented: input.ipscConsented ?? false,
      status: input.status ?? 'available',
    })
    .onConflictDoNothing()
    .returning();
  return row ?? (await tx.select().from(samples).where(eq(samples.id, input.id)))[0]!;
}

/** The samples a biospecimen request asks for, with amounts. */
export async function addRequestSamples(
  tx: DbOrTx,
  requestId: number,
  entries: readonly { id: string; amount?: number }[],
) {
  if (entries.length === 0) return;
  await tx
    .insert(requestSamples)
    .values(entries.map((entry) => ({ requestId, sampleId: entry.id, amount: entry.amount ?? 1 })))
    .onConflictDoNothing();
}

/** Users on a request's access control list. */
export async function addRequestMembers(
  tx: DbOrTx,
  requestId: number,
  members: readonly { userId: number; removalDate?: Date | null; verified?: boolean }[],
) {
  if (members.length === 0) return;
  await tx
    .insert(requestMembers)
    .values(
      members.map((member) => ({
        requestId,
        userId: member.userId,
        removalDate: member.removalDate ?? null,
        verified: member.verified ?? false,
      })),
    )
    .onConflictDoNothing();
}

export interface NewRenewal {
  requestId: number;
  /** 2 Submitted unless said otherwise (request status ids). */
  statusId?: number;
  /** The resource impact form's answers (`renew` is the renewal choice). */
  additionalData?: Record<string, unknown>;
  agreedToUsagePolicy?: boolean;
}

/** A renewal of a request, filed by the request's owner (renewals, issue 8). */
export async function createRenewal(tx: DbOrTx, input: NewRenewal) {
  const [request] = await tx.select().from(requests).where(eq(requests.id, input.requestId));
  if (!request) throw new Error(`No request ${input.requestId}`);
  const [row] = await tx
    .insert(requestRenewals)
    .values({
      requestId: request.id,
      ownerId: request.ownerId,
      statusId: input.statusId ?? WORKFLOW_STATUS.submitted,
      typeId: request.typeId,
      agreedToUsagePolicy: input.agreedToUsagePolicy ?? true,
      additionalData: input.additionalData ?? { renew: true },
      submissionDate: new Date(),
    })
    .returning();
  if (!row) throw new Error('insert returned no renewal');
  await recordHistory(tx, {
    model: 'renewal',
    objectId: row.id,
    action: 'create',
    after: row,
    by: { userId: request.ownerId },
  });
  return row;
}
