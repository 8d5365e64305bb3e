import { eq } from 'drizzle-orm';
import { isRestrictedDonor, WORKFLOW_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import { abnCartDonors, abnCarts, abnDonors, requestReviewers } from './schema';
import { createProject, createRequest } from './factories';
import { unseededDemoApplicant } from './demo-applicant';
import { daysAgo, walkDemoRequest, type DemoPast } from './demo-history';
import type { AttachDemoIrb } from './demo-attachments';

const S = WORKFLOW_STATUS;

/**
 * The demo's tissue requests (issue 18) and their researchers: one who has not applied to the
 * network yet, one whose request waits for review, one whose request awaits the decision.
 */

/**
 * A demo researcher of the demo institution with one project and an approved IRB, made once:
 * answers null when the researcher already has a project (a later start keeps what it has).
 */
async function seedResearcherWithProject(
  tx: DbOrTx,
  input: { demoPassword: string; institutionId: number; attachIrb: AttachDemoIrb },
  person: {
    email: string;
    firstName: string;
    lastName: string;
    title: string;
    abstract: string;
    irbApprovedDaysAgo: number;
    assuranceNumber: string;
  },
) {
  const researcher = await unseededDemoApplicant(tx, {
    email: person.email,
    password: input.demoPassword,
    firstName: person.firstName,
    lastName: person.lastName,
    institutionId: input.institutionId,
  });
  if (!researcher) return null;
  const project = await createProject(tx, {
    ownerId: researcher.id,
    title: person.title,
    abstract: person.abstract,
  });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await input.attachIrb(tx, {
    projectId: project.id,
    ownerId: researcher.id,
    title: project.title,
    irb: {
      designation: 1,
      approval_date: day(-person.irbApprovedDaysAgo),
      renewal_date: day(360 - person.irbApprovedDaysAgo),
      assurance_number: person.assuranceNumber,
    },
  });
  return { researcher, project };
}

/** The demo researcher who has not applied to the tissue network yet (the tissue journey's). */
const DEMO_TISSUE_RESEARCHER = 'tissue.researcher@demo.test';

/**
 * A researcher of the demo institution with a project and an approved IRB, and no ABN data access
 * yet: the way from Autism BrainNet Data Access to a tissue request starts here.
 */
export async function seedDemoTissueResearcher(
  tx: DbOrTx,
  input: { demoPassword: string; institutionId: number; attachIrb: AttachDemoIrb },
): Promise<void> {
  await seedResearcherWithProject(tx, input, {
    email: DEMO_TISSUE_RESEARCHER,
    firstName: 'Tessa',
    lastName: 'Tissue',
    title: 'Synaptic development in the autistic cortex',
    abstract:
      'We measure synaptic density and dendritic spines in frontal and temporal cortex of autistic and control donors, using brain tissue of the Autism BrainNet network.',
    irbApprovedDaysAgo: 60,
    assuranceNumber: 'FWA00004321',
  });
}

/** The demo researcher whose tissue request waits for review (the tissue review journey's). */
const DEMO_TISSUE_APPLICANT = 'tissue.applicant@demo.test';

/**
 * A researcher with a submitted Tissue Request assigned to the demo ABN reviewer: the tissue
 * review cycle (Begin Review, scoring, closing review) starts here. Seeded once.
 */
export async function seedDemoTissueReview(
  tx: DbOrTx,
  input: { demoPassword: string; institutionId: number; reviewerId: number },
): Promise<void> {
  const applicant = await unseededDemoApplicant(tx, {
    email: DEMO_TISSUE_APPLICANT,
    password: input.demoPassword,
    firstName: 'Tobias',
    lastName: 'Applicant',
    institutionId: input.institutionId,
  });
  if (!applicant) return;
  const project = await createProject(tx, {
    ownerId: applicant.id,
    title: 'Cerebellar Purkinje cell density in autism',
    abstract:
      'We count Purkinje cells in the cerebellar vermis and hemispheres of autistic and control donors of the Autism BrainNet network.',
  });
  // Its collection is what the reviewer weighs the request against (the Collection tab).
  const request = await seedDemoTissueRequest(tx, {
    projectId: project.id,
    piId: applicant.id,
    collection: { name: 'Cerebellar vermis cases', skip: 3, take: 5 },
    past: { createdDaysAgo: 9.4, steps: [[S.submitted, 7.1]] },
  });
  await tx
    .insert(requestReviewers)
    .values({ requestId: request.id, userId: input.reviewerId, created: daysAgo(6.8) });
}

/** The demo researcher whose tissue request awaits the decision (the tissue order journey's). */
const DEMO_TISSUE_ORDERER = 'tissue.orderer@demo.test';

/**
 * A researcher with a Tissue Request at the decision (Review Meeting, the dashboard's Make
 * Decision) and a collection of three catalogue donors: the way to an order to BINS starts here
 * (decisions 241–243). Seeded once.
 */
export async function seedDemoTissueOrder(
  tx: DbOrTx,
  input: { demoPassword: string; institutionId: number; attachIrb: AttachDemoIrb },
): Promise<void> {
  // A valid IRB completes the team, so an approval is Approved rather than pending the team.
  const seeded = await seedResearcherWithProject(tx, input, {
    email: DEMO_TISSUE_ORDERER,
    firstName: 'Orla',
    lastName: 'Orderer',
    title: 'Microglial activation in the autistic temporal cortex',
    abstract:
      'We map microglial activation in the superior temporal gyrus of autistic and control donors of the Autism BrainNet network.',
    irbApprovedDaysAgo: 30,
    assuranceNumber: 'FWA00004322',
  });
  if (!seeded) return;
  const { researcher, project } = seeded;
  // Reviewed for three and a half weeks; at the decision for twelve days.
  await seedDemoTissueRequest(tx, {
    projectId: project.id,
    piId: researcher.id,
    collection: { name: 'Temporal cortex cases', skip: 0, take: 3 },
    past: {
      createdDaysAgo: 49.7,
      steps: [
        [S.submitted, 44.2],
        [S.underReview, 36.5],
        [S.reviewMeeting, 12],
      ],
    },
  });
}

/**
 * A Tissue Request of the researcher's project with a collection of theirs — catalogue donors that
 * are not restricted, in donor hash order, `take` of them after the first `skip` — walked to its
 * status through `past`.
 */
async function seedDemoTissueRequest(
  tx: DbOrTx,
  input: {
    projectId: number;
    piId: number;
    collection: { name: string; skip: number; take: number };
    past: DemoPast;
  },
) {
  const request = await createRequest(tx, {
    projectId: input.projectId,
    typeId: 8,
    displayName: 'Tissue Request',
  });
  const { name, skip, take } = input.collection;
  const donors = await tx
    .select({ id: abnDonors.id, status: abnDonors.confirmationStatus })
    .from(abnDonors)
    .where(eq(abnDonors.pilot, false))
    .orderBy(abnDonors.donorHash)
    .limit(40);
  const chosen = donors.filter((donor) => !isRestrictedDonor(donor.status)).slice(skip, skip + take);
  const [cart] = await tx
    .insert(abnCarts)
    .values({ piId: input.piId, collectionName: name, requestId: request.id })
    .returning({ id: abnCarts.id });
  await tx
    .insert(abnCartDonors)
    .values(chosen.map((donor, position) => ({ cartId: cart!.id, donorId: donor.id, position })));
  await walkDemoRequest(tx, request.id, input.past);
  return request;
}
