import { eq } from 'drizzle-orm';
import { INSTITUTION_STATUS, RDA_STATUS } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import type { AttachDefaultRda } from './demo-attachments';
import { files, institutions } from './schema';
import { createInstitution, ensureUser } from './factories';

/**
 * Work waiting for a new administrator on the command centre (decision 131): an institution
 * under review whose RDA awaits its signing official's signature, with a researcher waiting on it,
 * and an approved institution whose signed RDA awaits the foundation's countersignature.
 */
export const DEMO_ONBOARDING = {
  underReview: {
    name: 'Meadowbrook University',
    official: { email: 'meadowbrook.official@demo.test', firstName: 'Mira', lastName: 'Brooks' },
    researcher: { email: 'meadowbrook.researcher@demo.test', firstName: 'Omar', lastName: 'Reyes' },
  },
  awaitingExecution: {
    name: 'Summit State University',
    official: { email: 'summit.official@demo.test', firstName: 'Sam', lastName: 'Summers' },
  },
} as const;

/** Once: the two institutions above, their officials and the waiting researcher. */
export async function seedOnboardingDemo(tx: DbOrTx, password: string, attachDefaultRda: AttachDefaultRda) {
  const { underReview, awaitingExecution } = DEMO_ONBOARDING;
  const [existing] = await tx
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.name, underReview.name));
  if (existing) return;

  const reviewed = await createInstitution(tx, {
    name: underReview.name,
    officialName: `${underReview.name} (Demo)`,
    statusId: INSTITUTION_STATUS.underReview,
    domains: ['meadowbrook.demo.test'],
  });
  const reviewedOfficial = await ensureUser(tx, {
    ...underReview.official,
    password,
    roles: ['sbso'],
    institutionId: reviewed.id,
  });
  // Its researcher registered with it and waits for the official to confirm them.
  await ensureUser(tx, {
    ...underReview.researcher,
    password,
    roles: ['primary_researcher'],
    institutionId: reviewed.id,
    institutionVerified: false,
  });
  // The default agreement, Signature Needed.
  await attachDefaultRda(tx, reviewed);
  await tx
    .update(institutions)
    .set({ currentIoId: reviewedOfficial.id })
    .where(eq(institutions.id, reviewed.id));

  const signed = await createInstitution(tx, {
    name: awaitingExecution.name,
    officialName: `${awaitingExecution.name} (Demo)`,
    domains: ['summit.demo.test'],
  });
  const signedOfficial = await ensureUser(tx, {
    ...awaitingExecution.official,
    password,
    roles: ['sbso'],
    institutionId: signed.id,
  });
  const withRda = await attachDefaultRda(tx, signed);
  // Signed by its official; the foundation's countersignature is what it waits for.
  await tx
    .update(files)
    .set({
      additionalData: {
        status: RDA_STATUS.awaitingExecution,
        name: signed.name,
        signature: `${signedOfficial.firstName} ${signedOfficial.lastName}`,
        signature_date: `${new Date().toISOString().slice(0, 10)}T12:00:00`,
      },
    })
    .where(eq(files.id, withRda.currentRdaId!));
  await tx.update(institutions).set({ currentIoId: signedOfficial.id }).where(eq(institutions.id, signed.id));
}
