import { and, eq, sql } from 'drizzle-orm';
import { SAMPLE_TYPES, type SampleTypeCode, WORKFLOW_STATUS, REQUEST_TYPE } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import { cohorts, datasets, projects, sampleTypeCohorts, sampleTypes } from './schema';
import { createDataset, createDatasetAccess, createRequest, linkRequestDatasets } from './factories';
import { DEMO_DATASETS } from './demo-catalogue-data';
import { walkDemoRequest } from './demo-history';

const S = WORKFLOW_STATUS;

/** The cohorts each sample type is collected from, and whether its supply is limited. */
const SAMPLE_TYPE_SETUP: Record<SampleTypeCode, { cohorts: string[]; limited: boolean }> = {
  ipsc: { cohorts: ['SSC', 'SPARK'], limited: true },
  plasma: { cohorts: ['SPARK'], limited: false },
  fibroblast: { cohorts: ['SSC', 'Simons Searchlight'], limited: true },
  lcl: { cohorts: ['SSC', 'SPARK'], limited: false },
  dna: { cohorts: ['SSC', 'SPARK', 'Simons Searchlight'], limited: false },
  lcl_dna: { cohorts: ['SSC'], limited: false },
};

/** The six biospecimen sample types (researcher §3) with their cohorts. Safe to run at every start. */
export async function seedSampleTypes(tx: DbOrTx): Promise<void> {
  await tx
    .insert(sampleTypes)
    .values(
      SAMPLE_TYPES.map((sampleType) => ({
        name: sampleType.name,
        type: sampleType.type,
        limited: SAMPLE_TYPE_SETUP[sampleType.type].limited,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx.select().from(sampleTypes);
  const cohortRows = await tx.select().from(cohorts);
  const cohortId = new Map(cohortRows.map((row) => [row.name, row.id]));
  const links = rows.flatMap((row) =>
    (SAMPLE_TYPE_SETUP[row.type as SampleTypeCode]?.cohorts ?? []).flatMap((name) =>
      cohortId.has(name) ? [{ sampleTypeId: row.id, cohortId: cohortId.get(name)! }] : [],
    ),
  );
  if (links.length > 0) await tx.insert(sampleTypeCohorts).values(links).onConflictDoNothing();
}

/**
 * The demo catalogue, once: the datasets of `demo-catalogue-data.ts` (with their versions), a
 * dataset request of the demo researcher approved for two of them (so the public researcher pages
 * show something), and a couple of dataset access records.
 */
export async function seedDemoCatalogue(
  tx: DbOrTx,
  people: { researcherId: number; adminId: number },
): Promise<void> {
  const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(datasets);
  if ((existing?.count ?? 0) > 0) return;
  const cohortRows = await tx.select().from(cohorts);
  const cohortId = new Map(cohortRows.map((row) => [row.name, row.id]));
  const latest = new Map<string, typeof datasets.$inferSelect>();
  for (const { cohort, versions, ...input } of DEMO_DATASETS) {
    let row = await createDataset(tx, {
      ...input,
      cohortId: cohort ? (cohortId.get(cohort) ?? null) : null,
      creatorId: people.adminId,
    });
    for (const version of versions ?? []) {
      row = await createDataset(tx, {
        parentId: row.id,
        changeNotes: version.changeNotes,
        releaseDate: version.releaseDate,
        creatorId: people.adminId,
      });
    }
    latest.set(row.name, row);
  }
  // Related datasets: each cohort's phenotype data points at its sequencing data.
  const relate = async (from: string, to: string[]) => {
    const row = latest.get(from);
    if (!row) return;
    await tx
      .update(datasets)
      .set({
        relatedDatasetIds: to.flatMap((name) => (latest.has(name) ? [latest.get(name)!.datasetId] : [])),
      })
      .where(eq(datasets.id, row.id));
  };
  await relate('SSC Phenotype Data', ['SSC Whole Genome Sequencing', 'SSC Whole Exome Sequencing']);
  await relate('SPARK Phenotype Dataset', ['SPARK Whole Exome Sequencing', 'SPARK Genotyping Array']);

  // The demo researcher's approved dataset request, on their first project.
  const [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.ownerId, people.researcherId)))
    .orderBy(projects.id)
    .limit(1);
  if (!project) return;
  const approvedNames = ['SPARK Phenotype Dataset', 'SPARK Whole Exome Sequencing'];
  const request = await createRequest(tx, {
    projectId: project.id,
    typeId: REQUEST_TYPE.dataset,
  });
  // Approved within a fortnight, days ago; submitted after the Research Match applications at the
  // review, so the staff's first page of requests (newest submission first) still shows it.
  await walkDemoRequest(tx, request.id, {
    createdDaysAgo: 18.3,
    steps: [
      [S.submitted, 16.2],
      [S.underReview, 13.5],
      [S.approved, 3.8],
    ],
  });
  await linkRequestDatasets(
    tx,
    request.id,
    approvedNames.flatMap((name) => (latest.has(name) ? [latest.get(name)!.id] : [])),
  );
  const phenotype = latest.get('SPARK Phenotype Dataset');
  const exome = latest.get('SPARK Whole Exome Sequencing');
  if (phenotype) {
    await createDatasetAccess(tx, {
      userId: people.researcherId,
      datasetId: phenotype.id,
      accessType: 'Globus',
      requestId: request.id,
    });
  }
  if (exome) {
    await createDatasetAccess(tx, {
      userId: people.researcherId,
      datasetId: exome.id,
      accessType: 'AWS',
      status: 'revoked',
      requestId: request.id,
    });
  }
}
