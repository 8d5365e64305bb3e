import { WORKFLOW_STATUS } from '@rrp/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SampleStatus, SampleTypeCode } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import { datasets, projects, requests, samples, sampleTypes } from './schema';
import {
  addRequestMembers,
  addRequestSamples,
  createRequest,
  createSample,
  linkRequestDatasets,
} from './factories';
import { createDemoBiospecimenRequest } from './demo-biospecimen-request';
import { walkDemoRequest, type DemoPast } from './demo-history';

const S = WORKFLOW_STATUS;

type DemoSample = {
  id: string;
  type: SampleTypeCode;
  amount: number;
  unit: string;
  consented?: boolean;
  status?: SampleStatus;
};

/**
 * The demo biospecimen inventory (decision 057): ids in the spec's style (11000-p1, 11000-mo,
 * 14710-x1) across the six sample types and every availability the wizard shows.
 */
const DEMO_SAMPLES: DemoSample[] = [
  { id: '11000-p1', type: 'plasma', amount: 250, unit: 'μl' },
  { id: '11000-mo', type: 'plasma', amount: 200, unit: 'μl', status: 'limited' },
  { id: '14710-x1', type: 'plasma', amount: 0, unit: 'μl', status: 'unavailable' },
  { id: '11001-p1', type: 'plasma', amount: 220, unit: 'μl' },
  { id: '11000-i1', type: 'ipsc', amount: 3, unit: 'vials', consented: true },
  { id: '11000-i2', type: 'ipsc', amount: 2, unit: 'vials', consented: true, status: 'limited' },
  { id: '14710-i1', type: 'ipsc', amount: 4, unit: 'vials', consented: false },
  { id: '11000-f1', type: 'fibroblast', amount: 2, unit: 'vials', consented: true },
  { id: '14710-f1', type: 'fibroblast', amount: 1, unit: 'vials', consented: true, status: 'cpls' },
  { id: '11000-l1', type: 'lcl', amount: 5, unit: 'vials', consented: true },
  { id: '11002-l1', type: 'lcl', amount: 3, unit: 'vials', consented: false },
  { id: '14710-l1', type: 'lcl', amount: 2, unit: 'vials', consented: true, status: 'cpls' },
  { id: '11000-d1', type: 'dna', amount: 10, unit: 'μg' },
  { id: '11001-d1', type: 'dna', amount: 2, unit: 'μg', status: 'limited' },
  { id: '11000-ld1', type: 'lcl_dna', amount: 6, unit: 'μg' },
];

/** Shipping and contact answers of the demo biospecimen request. */
const DEMO_SHIPPING = {
  full_name: 'Demo Researcher',
  title: 'Associate Professor',
  email: 'primary_researcher@demo.test',
  phone_number: '555-0100',
  address: '1 University Avenue',
  city: 'Springfield',
  region: 'IL',
  postal_code: '62701',
  country: 'United States',
  shipping_vendor: 'FedEx',
  shipping_vendor_account_number: '123456789',
};

/** The sample inventory, once per id. Safe to run at every start. */
async function seedDemoSamples(tx: DbOrTx): Promise<void> {
  const types = new Map((await tx.select().from(sampleTypes)).map((row) => [row.type, row.id]));
  for (const sample of DEMO_SAMPLES) {
    const sampleTypeId = types.get(sample.type);
    if (!sampleTypeId) continue;
    await createSample(tx, {
      id: sample.id,
      sampleTypeId,
      amountAvailable: sample.amount,
      unit: sample.unit,
      ipscConsented: sample.consented ?? false,
      status: sample.status ?? 'available',
    });
  }
}

/**
 * Requests of the demo researcher in several statuses, once, on their first project (which the
 * catalogue demo already locked with an approved request): a submitted dataset request, a dataset
 * request returned for revisions, a plasma request under review and a DNA request still in draft.
 */
export async function seedDemoRequests(tx: DbOrTx, people: { researcherId: number }): Promise<void> {
  await seedDemoSamples(tx);
  const [project] = await tx
    .select()
    .from(projects)
    .where(eq(projects.ownerId, people.researcherId))
    .orderBy(projects.id)
    .limit(1);
  if (!project) return;
  const [existing] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(requests)
    .where(and(eq(requests.projectId, project.id), inArray(requests.statusId, [1, 2, 3, 6])));
  if ((existing?.count ?? 0) > 0) return;

  const latest = async (names: string[]) =>
    tx
      .select({ id: datasets.id, cohortId: datasets.cohortId })
      .from(datasets)
      .where(and(inArray(datasets.name, names), eq(datasets.isLatest, true)));
  const usage = { usage_answers: [true, true, true] };

  const submitted = await createRequest(tx, {
    projectId: project.id,
    typeId: 1,
    creatorId: people.researcherId,
    agreedToUsagePolicy: true,
    additionalData: usage,
  });
  await walkDemoRequest(tx, submitted.id, { createdDaysAgo: 6.2, steps: [[S.submitted, 3]] });
  await tx
    .update(requests)
    .set({ agreedNih: true, dataSafeguard: true, intentToDownload: false })
    .where(eq(requests.id, submitted.id));
  await linkRequestDatasets(
    tx,
    submitted.id,
    (await latest(['SSC Phenotype Data'])).map((row) => row.id),
  );
  await addRequestMembers(tx, submitted.id, [{ userId: people.researcherId, verified: true }]);

  const revisions = await createRequest(tx, {
    projectId: project.id,
    typeId: 1,
    creatorId: people.researcherId,
    agreedToUsagePolicy: true,
    additionalData: usage,
  });
  // Reviewed for a month, then sent back: it has waited for its owner for 20 days.
  await walkDemoRequest(tx, revisions.id, {
    createdDaysAgo: 63.5,
    steps: [
      [S.submitted, 58.2],
      [S.underReview, 51.7],
      [S.revisionsRequested, 20],
    ],
  });
  await tx
    .update(requests)
    .set({ agreedNih: true, dataSafeguard: true, intentToDownload: false })
    .where(eq(requests.id, revisions.id));
  await linkRequestDatasets(
    tx,
    revisions.id,
    (await latest(['SPARK Genotyping Array', 'Simons Searchlight Phenotype Data'])).map((row) => row.id),
  );
  await addRequestMembers(tx, revisions.id, [{ userId: people.researcherId }]);

  const biospecimen = async (
    type: SampleTypeCode,
    past: DemoPast,
    entries: { id: string; amount: number }[],
    answers: Record<string, unknown>,
  ) => {
    const [sampleType] = await tx.select().from(sampleTypes).where(eq(sampleTypes.type, type));
    if (!sampleType) return;
    const request = await createDemoBiospecimenRequest(tx, {
      projectId: project.id,
      creatorId: people.researcherId,
      sampleType,
      additionalData: { ...answers, ...DEMO_SHIPPING, ...usage },
    });
    await walkDemoRequest(tx, request.id, past);
    const known = new Set(
      (
        await tx
          .select({ id: samples.id })
          .from(samples)
          .where(
            inArray(
              samples.id,
              entries.map((entry) => entry.id),
            ),
          )
      ).map((row) => row.id),
    );
    await addRequestSamples(
      tx,
      request.id,
      entries.filter((entry) => known.has(entry.id)),
    );
    await addRequestMembers(tx, request.id, [{ userId: people.researcherId }]);
  };
  await biospecimen(
    'plasma',
    {
      createdDaysAgo: 14.3,
      steps: [
        [S.submitted, 10],
        [S.underReview, 6.4],
      ],
    },
    [
      { id: '11000-p1', amount: 1 },
      { id: '11000-mo', amount: 1 },
    ],
    {
      usage: 'Proteomic profiling of plasma from SPARK families.',
      genetic_seq: ['none'],
      bio_destroyed: 'yes',
    },
  );
  await biospecimen('dna', { createdDaysAgo: 4.1, steps: [] }, [{ id: '11000-d1', amount: 2 }], {
    usage: 'Targeted sequencing of candidate language genes.',
    dna_amount: 2,
    dna_concentration: 50,
    genetic_seq: ['wes'],
    bio_destroyed: 'yes',
  });
}
