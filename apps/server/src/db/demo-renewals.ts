import { and, eq } from 'drizzle-orm';
import { LIMITS, WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import { projects, requests, samples, sampleTypes } from './schema';
import { addRequestMembers, addRequestSamples } from './factories';
import { createDemoBiospecimenRequest } from './demo-biospecimen-request';
import { walkDemoRequest } from './demo-history';

const S = WORKFLOW_STATUS;

/**
 * The demo request that is due for renewal: a biospecimen request (so it marks no dataset as
 * approved), of a sample type no other demo request asks for.
 */
const DEMO_RENEWAL_SAMPLE_TYPE = 'lcl';
const DEMO_RENEWAL_SAMPLE = '11000-l1';
/** It expires this many days after the seed runs: inside the six-month renewal window. */
const DEMO_RENEWAL_EXPIRES_IN_DAYS = 45;

/**
 * A fulfilled LCL request of the demo researcher that expires in 45 days, so the Project Updates
 * Dashboard, the Renew action and the renewal form can be tried (issue 8). Seeded once.
 */
export async function seedDemoRenewals(tx: DbOrTx, people: { researcherId: number }): Promise<void> {
  const [project] = await tx
    .select()
    .from(projects)
    .where(eq(projects.ownerId, people.researcherId))
    .orderBy(projects.id)
    .limit(1);
  const [sampleType] = await tx
    .select()
    .from(sampleTypes)
    .where(eq(sampleTypes.type, DEMO_RENEWAL_SAMPLE_TYPE));
  if (!project || !sampleType) return;
  const [existing] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.projectId, project.id), eq(requests.sampleTypeId, sampleType.id)));
  if (existing) return;
  const request = await createDemoBiospecimenRequest(tx, {
    projectId: project.id,
    creatorId: people.researcherId,
    sampleType,
    additionalData: {
      usage: 'Transcriptomic profiling of lymphoblastoid cell lines.',
      genetic_seq: ['none'],
      shipment_type: 'frozen',
      generate_ipscs: 'no',
      bio_destroyed: 'yes',
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
      usage_answers: [true, true, true],
    },
  });
  // Fulfilment starts the years of access: fulfilled that long before the expiry the demo needs.
  const fulfilled = LIMITS.requestExpiryDays - DEMO_RENEWAL_EXPIRES_IN_DAYS;
  await walkDemoRequest(tx, request.id, {
    createdDaysAgo: fulfilled + 34.5,
    steps: [
      [S.submitted, fulfilled + 30],
      [S.underReview, fulfilled + 26.2],
      [S.approved, fulfilled + 7],
      [S.fulfilled, fulfilled],
    ],
  });
  const [sample] = await tx.select().from(samples).where(eq(samples.id, DEMO_RENEWAL_SAMPLE));
  if (sample) await addRequestSamples(tx, request.id, [{ id: sample.id, amount: 1 }]);
  await addRequestMembers(tx, request.id, [{ userId: people.researcherId, verified: true }]);
}
