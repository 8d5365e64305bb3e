import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { APPROVED_STATUSES } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { heldDatasetIds } from '../catalogue/catalogue.service';
import {
  cohorts,
  datasetAllowedUsers,
  datasets,
  featureToggles,
  researchTeamMembers,
  samples,
  sampleTypeAllowedUsers,
  sampleTypeCohorts,
  sampleTypes,
  users,
} from '../../db/schema';

/** What a request write checks: the chosen datasets and samples, the team, the feature toggles. */

type SampleRow = typeof samples.$inferSelect;
const approvedList = sql.raw(APPROVED_STATUSES.join(', '));

export async function datasetsByIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ dataset: datasets, cohortName: cohorts.name })
    .from(datasets)
    .leftJoin(cohorts, eq(cohorts.id, datasets.cohortId))
    .where(inArray(datasets.id, [...ids]));
}

/**
 * Of these dataset versions, those (by UUID) the user holds an approved or fulfilled request for
 * (of any version), as owner or current project team member: they cannot be requested again.
 */
export const approvedDatasetIds = (db: DbOrTx, userId: number, ids: readonly number[]) =>
  heldDatasetIds(db, userId, ids, APPROVED_STATUSES);

/** Of these datasets, the restricted ones the user is allowed to request. */
export async function allowedDatasetIds(db: DbOrTx, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: datasetAllowedUsers.datasetId })
    .from(datasetAllowedUsers)
    .where(and(eq(datasetAllowedUsers.userId, userId), inArray(datasetAllowedUsers.datasetId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export async function findSampleType(db: DbOrTx, id: number) {
  const [row] = await db.select().from(sampleTypes).where(eq(sampleTypes.id, id));
  if (!row) return null;
  const cohortRows = await db
    .select({ id: sampleTypeCohorts.cohortId })
    .from(sampleTypeCohorts)
    .where(eq(sampleTypeCohorts.sampleTypeId, id));
  return { sampleType: row, cohortIds: cohortRows.map((cohort) => cohort.id) };
}

export async function mayRequestSampleType(db: DbOrTx, userId: number, sampleTypeId: number) {
  const [row] = await db
    .select({ id: sampleTypeAllowedUsers.sampleTypeId })
    .from(sampleTypeAllowedUsers)
    .where(
      and(eq(sampleTypeAllowedUsers.userId, userId), eq(sampleTypeAllowedUsers.sampleTypeId, sampleTypeId)),
    );
  return Boolean(row);
}

/** The project's current team members that have an account (the access control list's pool). */
export async function teamAccountIds(db: DbOrTx, projectId: number): Promise<Set<number>> {
  // A member added by e-mail before registering is recognised by that e-mail (decision 032).
  const rows = await db
    .select({ memberUserId: researchTeamMembers.userId, accountId: users.id })
    .from(researchTeamMembers)
    .leftJoin(users, sql`lower(${users.email}) = lower(${researchTeamMembers.email})`)
    .where(and(eq(researchTeamMembers.projectId, projectId), isNull(researchTeamMembers.removalDate)));
  return new Set(
    rows.flatMap((row) => {
      const id = row.memberUserId ?? row.accountId;
      return id === null ? [] : [Number(id)];
    }),
  );
}

/** The inventory rows of these ids, with how many requests (and approved ones) ask for each. */
export async function samplesWithCounts(db: DbOrTx, ids: readonly string[], excludeRequestId?: number) {
  if (ids.length === 0) return new Map<string, SampleRow & { requestCount: number; approvedCount: number }>();
  const exclude = excludeRequestId ? sql`and rs.request_id <> ${excludeRequestId}` : sql``;
  const rows = await db
    .select({
      sample: samples,
      requestCount: sql<number>`(select count(*) from request_samples rs where rs.sample_id = "samples"."id" ${exclude})`,
      approvedCount: sql<number>`(select count(*) from request_samples rs join requests r on r.id = rs.request_id where rs.sample_id = "samples"."id" and r.status_id in (${approvedList}) ${exclude})`,
    })
    .from(samples)
    .where(inArray(samples.id, [...ids]));
  return new Map(
    rows.map((row) => [
      row.sample.id,
      { ...row.sample, requestCount: Number(row.requestCount), approvedCount: Number(row.approvedCount) },
    ]),
  );
}

/** Whether a feature toggle is on (abn_epic opens the tissue network's requests). */
export async function featureEnabled(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: featureToggles.enabled })
    .from(featureToggles)
    .where(eq(featureToggles.featureCode, code));
  return row?.enabled === true;
}
