import { WORKFLOW_STATUS } from '@rrp/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { projects, sampleTypes, userInstitutions } from './schema';
import {
  addRequestMembers,
  addRequestSamples,
  addTeamMember,
  createProject,
  createRequest,
  ensureUser,
} from './factories';
import { walkDemoRequest } from './demo-history';
import type { AttachDemoIrb } from './demo-attachments';

const S = WORKFLOW_STATUS;

/** The demo co-investigator who has not signed the joinder yet (decision 076). */
const DEMO_CO_INVESTIGATOR_EMAIL = 'coinvestigator@demo.test';
const DEMO_PENDING_TEAM_PROJECT = 'Plasma proteins and sleep in autistic adolescents';

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * The pending-team demo (staff §4.2): a project of the PI-and-official demo account whose
 * co-investigator has an account but no signed joinder, with a Submitted plasma request.
 * Approving it gives Approved (Pending Team); once the co-investigator signs the joinder
 * (`coinvestigator@demo.test`, /joinder), it becomes Approved. Seeded once.
 */
export async function seedDemoPendingTeam(
  tx: DbOrTx,
  input: {
    piId: number;
    institutionId: number;
    demoPassword: string;
    attachIrb: AttachDemoIrb;
  },
): Promise<void> {
  const [existing] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.ownerId, input.piId), eq(projects.title, DEMO_PENDING_TEAM_PROJECT)));
  if (existing) return;

  const coInvestigator = await ensureUser(tx, {
    email: DEMO_CO_INVESTIGATOR_EMAIL,
    password: input.demoPassword,
    firstName: 'Demo',
    lastName: 'Co-Investigator',
    roles: ['primary_researcher'],
    institutionId: input.institutionId,
  });
  // Affiliated and verified, but the joinder to the institution's RDA is not signed yet.
  await tx
    .update(userInstitutions)
    .set({ joinderDate: null })
    .where(eq(userInstitutions.userId, coInvestigator.id));

  const project = await createProject(tx, {
    ownerId: input.piId,
    title: DEMO_PENDING_TEAM_PROJECT,
    abstract: 'We measure plasma proteins in autistic adolescents and relate them to sleep quality.',
  });
  await input.attachIrb(tx, {
    projectId: project.id,
    ownerId: input.piId,
    title: project.title,
    irb: { designation: 1, approval_date: isoDay(-60), renewal_date: isoDay(300), assurance_number: null },
  });
  await addTeamMember(tx, {
    projectId: project.id,
    email: coInvestigator.email,
    firstName: coInvestigator.firstName,
    lastName: coInvestigator.lastName,
    userRole: 2,
    institutionId: input.institutionId,
  });

  const [plasma] = await tx.select().from(sampleTypes).where(eq(sampleTypes.type, 'plasma'));
  if (!plasma) return;
  const request = await createRequest(tx, {
    projectId: project.id,
    typeId: 2,
    creatorId: input.piId,
    agreedToUsagePolicy: true,
    displayName: plasma.name,
    sampleTypeId: plasma.id,
    additionalData: {
      usage: 'Plasma proteomics related to sleep quality.',
      genetic_seq: ['none'],
      bio_destroyed: 'yes',
      usage_answers: [true, true, true],
    },
  });
  await walkDemoRequest(tx, request.id, { createdDaysAgo: 5.3, steps: [[S.submitted, 2]] });
  await addRequestSamples(tx, request.id, [{ id: '11001-p1', amount: 1 }]);
  await addRequestMembers(tx, request.id, [{ userId: input.piId }, { userId: coInvestigator.id }]);
}
