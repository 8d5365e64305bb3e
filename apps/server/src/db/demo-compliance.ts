import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import type { AttachDefaultRda } from './demo-attachments';
import { files, institutions } from './schema';
import { createInstitution, createProject, createRequest, ensureUser } from './factories';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Demo institutions in every compliance status (staff §2.13), each with its signing official and
 * an RDA fully executed `executedDaysAgo` days ago; `reviewedDaysAgo` is the last annual review.
 */
const DEMO_COMPLIANCE = [
  // Compliant: the second anniversary's review was done in time.
  { name: 'Riverside University', official: ['Rita', 'Rivers'], executedDaysAgo: 800, reviewedDaysAgo: 60 },
  // Review Due: the first anniversary is ten days away.
  { name: 'Northfield College', official: ['Naomi', 'Fields'], executedDaysAgo: 355, reviewedDaysAgo: null },
  // Review Due: the anniversary passed 15 days ago, within the grace period.
  {
    name: 'Bayview Health Institute',
    official: ['Bella', 'Vaughn'],
    executedDaysAgo: 380,
    reviewedDaysAgo: null,
  },
  // Non-Compliant: reviewed for the first anniversary, not for the second (45 days ago).
  {
    name: 'Lakeshore Institute of Technology',
    official: ['Leon', 'Shaw'],
    executedDaysAgo: 775,
    reviewedDaysAgo: 400,
  },
  // Non-Compliant: never reviewed; the first anniversary was 55 days ago.
  {
    name: 'Hillcrest School of Medicine',
    official: ['Henry', 'Hill'],
    executedDaysAgo: 420,
    reviewedDaysAgo: null,
  },
] as const;

const slug = (name: string) => name.split(' ')[0]!.toLowerCase();

/** Once: the compliance demo institutions, and a researcher with fulfilled requests at Lakeshore. */
export async function seedComplianceDemo(tx: DbOrTx, password: string, attachDefaultRda: AttachDefaultRda) {
  const [existing] = await tx
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.name, DEMO_COMPLIANCE[0].name));
  if (existing) return;
  for (const demo of DEMO_COMPLIANCE) {
    const created = await createInstitution(tx, {
      name: demo.name,
      officialName: `${demo.name} (Demo)`,
      domains: [`${slug(demo.name)}.demo.test`],
    });
    const [firstName, lastName] = demo.official;
    const official = await ensureUser(tx, {
      email: `${slug(demo.name)}.official@demo.test`,
      password,
      firstName,
      lastName,
      roles: ['sbso'],
      institutionId: created.id,
    });
    const withRda = await attachDefaultRda(tx, created);
    const executed = `${isoDay(daysAgo(demo.executedDaysAgo))}T12:00:00`;
    await tx
      .update(files)
      .set({
        additionalData: {
          status: 3,
          name: demo.name,
          signature: `${firstName} ${lastName}`,
          signature_date: executed,
          sf_signature: 'Demo Portal Admin Lead',
          sf_signature_date: executed,
        },
      })
      .where(eq(files.id, withRda.currentRdaId!));
    await tx
      .update(institutions)
      .set({
        currentIoId: official.id,
        created: daysAgo(demo.executedDaysAgo + 30),
        lastAnnualReviewAt: demo.reviewedDaysAgo === null ? null : daysAgo(demo.reviewedDaysAgo),
      })
      .where(eq(institutions.id, created.id));
    if (demo.name === 'Lakeshore Institute of Technology') {
      const researcher = await ensureUser(tx, {
        email: 'lakeshore.researcher@demo.test',
        password,
        firstName: 'Priya',
        lastName: 'Patel',
        roles: ['primary_researcher'],
        institutionId: created.id,
      });
      const project = await createProject(tx, {
        ownerId: researcher.id,
        institutionId: created.id,
        title: 'Motor skills and social communication in SPARK families',
        abstract: 'We relate early motor milestones to later social communication in SPARK phenotype data.',
      });
      for (const statusId of [7, 7, 2]) {
        await createRequest(tx, { projectId: project.id, statusId, institutionId: created.id });
      }
    }
  }
}
