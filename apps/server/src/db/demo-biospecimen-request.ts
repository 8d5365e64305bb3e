import { eq } from 'drizzle-orm';
import { REQUEST_TYPE } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import { sampleTypeCohorts, type sampleTypes } from './schema';
import { createRequest } from './factories';

/**
 * A demo researcher's biospecimen request for one sample type, asking for every cohort the type
 * is drawn from (the demo requests and the demo renewal both file one like this).
 */
export async function createDemoBiospecimenRequest(
  tx: DbOrTx,
  input: {
    projectId: number;
    creatorId: number;
    sampleType: typeof sampleTypes.$inferSelect;
    additionalData: Record<string, unknown>;
  },
) {
  const { sampleType } = input;
  const cohortIds = (
    await tx
      .select({ id: sampleTypeCohorts.cohortId })
      .from(sampleTypeCohorts)
      .where(eq(sampleTypeCohorts.sampleTypeId, sampleType.id))
  ).map((row) => row.id);
  return createRequest(tx, {
    projectId: input.projectId,
    typeId: REQUEST_TYPE.biospecimen,
    creatorId: input.creatorId,
    agreedToUsagePolicy: true,
    displayName: sampleType.name,
    cohortIds,
    sampleTypeId: sampleType.id,
    additionalData: input.additionalData,
  });
}
