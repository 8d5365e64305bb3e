import { eq, sql } from 'drizzle-orm';
import {
  COHORTS,
  FEATURE_TOGGLES,
  INSTITUTION_STATUSES,
  RDA_STATUSES,
  REMINDER_KINDS,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  RESEARCH_TEAM_ROLES,
  RESOURCE_KINDS,
  RESOURCE_SOURCES,
  ROLE_EXCLUSIONS,
  ROLE_KEYS,
  ROLE_LABELS,
  SHIPPING_VENDORS,
  toRows,
} from '@rrp/domain';
import { lockForSeeding, type Db, type DbOrTx } from '../platform/db/database';
import {
  cohorts,
  featureToggles,
  files,
  groups,
  institutions,
  institutionStatuses,
  metaData,
  projects,
  rdaStatuses,
  reminderSettings,
  requestStatuses,
  requestTypes,
  researchTeamRoles,
  resourceKinds,
  resourceSources,
  roleExclusions,
  shippingVendors,
} from './schema';
import { addTeamMember, createProject, ensureDemoInstitution, ensureUser } from './factories';
import type { AttachDefaultRda, AttachDemoIrb } from './demo-attachments';
import { seedComplianceDemo } from './demo-compliance';
import { seedOnboardingDemo } from './demo-onboarding';
import { seedDemoCatalogue, seedSampleTypes } from './demo-catalogue';
import { seedDemoRequests } from './demo-requests';
import { seedDemoRenewals } from './demo-renewals';
import { seedDemoPendingTeam } from './demo-decisions';
import { REMINDER_DEFAULTS } from '../modules/reminders/reminders.defaults';
import { seedDemoResearchMatch } from './demo-research-match';
import { seedDemoTissue } from './demo-tissue';
import { seedDemoTissueOrder, seedDemoTissueResearcher, seedDemoTissueReview } from './demo-tissue-requests';
import type { StoreDonorDocument } from '../modules/tissue/donor-documents';

/** The release the footer shows; bumped with each release. */
export const APP_VERSION = '0.1.0';

async function upsertLookup(tx: DbOrTx, table: typeof requestStatuses, rows: { id: number; name: string }[]) {
  await tx
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target: table.id, set: { name: sql`excluded.name` } });
}

async function upsertChoices(tx: DbOrTx, table: typeof shippingVendors, names: readonly string[]) {
  await tx
    .insert(table)
    .values(names.map((name, position) => ({ name, position })))
    .onConflictDoUpdate({ target: table.name, set: { position: sql`excluded.position` } });
}

/**
 * Reference data every installation has. Safe to run at every start, by several instances
 * starting together: they take turns (the seed's advisory lock).
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForSeeding(tx);
    await tx
      .insert(groups)
      .values(ROLE_KEYS.map((name) => ({ name, label: ROLE_LABELS[name] })))
      .onConflictDoUpdate({ target: groups.name, set: { label: sql`excluded.label` } });
    await tx
      .insert(roleExclusions)
      .values(
        ROLE_KEYS.flatMap((role) => ROLE_EXCLUSIONS[role].map((excludedRole) => ({ role, excludedRole }))),
      )
      .onConflictDoNothing();
    await upsertLookup(tx, requestStatuses, toRows(REQUEST_STATUSES));
    await upsertLookup(tx, requestTypes, toRows(REQUEST_TYPES));
    await upsertLookup(tx, institutionStatuses, toRows(INSTITUTION_STATUSES));
    await upsertLookup(tx, rdaStatuses, toRows(RDA_STATUSES));
    await upsertLookup(tx, resourceKinds, toRows(RESOURCE_KINDS));
    await upsertLookup(tx, resourceSources, toRows(RESOURCE_SOURCES));
    await upsertChoices(tx, researchTeamRoles, RESEARCH_TEAM_ROLES);
    await upsertChoices(tx, shippingVendors, SHIPPING_VENDORS);
    await tx
      .insert(cohorts)
      .values(COHORTS.map((name) => ({ name })))
      .onConflictDoNothing({ target: cohorts.name });
    await seedSampleTypes(tx);
    await tx
      .insert(featureToggles)
      .values(FEATURE_TOGGLES.map((featureCode) => ({ featureCode, enabled: false })))
      .onConflictDoNothing({ target: featureToggles.featureCode });
    // The reminders' defaults (decision 273); administrators' changes are kept.
    await tx
      .insert(reminderSettings)
      .values(
        REMINDER_KINDS.map((kind) => {
          const { afterDays, everyDays, subject, body } = REMINDER_DEFAULTS[kind];
          return { kind, afterDays, everyDays, subject, body };
        }),
      )
      .onConflictDoNothing({ target: reminderSettings.kind });
    const current = await tx.select().from(metaData);
    if (!current.some((row) => row.version === APP_VERSION)) {
      await tx.update(metaData).set({ enabled: false });
      await tx.insert(metaData).values({ version: APP_VERSION, enabled: true });
    }
  });
}

const DEMO_INSTITUTION_NAME = 'Demo University';

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * Two projects of the demo researcher, once: one with an approved IRB and a team of two (a demo
 * account and a collaborator without one), one whose IRB expires within the reminder window.
 */
async function seedDemoProjects(
  tx: DbOrTx,
  researcher: { id: number },
  colleague: { email: string; firstName: string; lastName: string },
  institutionId: number,
  attachIrb: AttachDemoIrb,
) {
  const [existing] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.ownerId, researcher.id))
    .limit(1);
  if (existing) return;
  const sleep = await createProject(tx, {
    ownerId: researcher.id,
    title: 'Sleep and daytime behaviour in autistic children',
    abstract:
      'We study how sleep duration and quality relate to daytime behaviour in autistic children aged 4 to 12, using phenotype data from the SPARK and SSC cohorts.',
    publicTitle: 'How sleep relates to behaviour in autistic children',
    publicAbstract: 'A study of sleep and daytime behaviour in autistic children.',
  });
  await attachIrb(tx, {
    projectId: sleep.id,
    ownerId: researcher.id,
    title: sleep.title,
    irb: {
      designation: 1,
      approval_date: isoDay(-120),
      renewal_date: isoDay(245),
      assurance_number: 'FWA00001234',
    },
  });
  await addTeamMember(tx, { projectId: sleep.id, ...colleague, userRole: 2, institutionId });
  await addTeamMember(tx, {
    projectId: sleep.id,
    email: 'grace.collaborator@example.edu',
    firstName: 'Grace',
    lastName: 'Collaborator',
    userRole: 3,
    globusUsername: 'grace@globusid.org',
  });
  const genetics = await createProject(tx, {
    ownerId: researcher.id,
    title: 'Rare genetic variants and language development',
    abstract: 'We look for rare genetic variants associated with differences in early language development.',
  });
  await attachIrb(tx, {
    projectId: genetics.id,
    ownerId: researcher.id,
    title: genetics.title,
    irb: { designation: 1, approval_date: isoDay(-330), renewal_date: isoDay(30), assurance_number: null },
  });
}

/**
 * One verified demo account per role, `<role>@demo.test`, all at the approved demo institution.
 * Instances starting together take turns (the seed's advisory lock): the first creates, the
 * others find everything there.
 */
export async function seedDemoData(
  db: Db,
  demoPassword: string,
  attachDefaultRda: AttachDefaultRda,
  /** When given, the demo researcher gets two projects with IRB letters and a team. */
  attachIrb?: AttachDemoIrb,
  /** When given, some demo tissue donors get a neuropathology report. */
  storeDonorDocument?: StoreDonorDocument,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForSeeding(tx);
    const institution = await ensureDemoInstitution(tx, DEMO_INSTITUTION_NAME);
    const demoUsers = new Map<string, Awaited<ReturnType<typeof ensureUser>>>();
    for (const role of ROLE_KEYS) {
      demoUsers.set(
        role,
        await ensureUser(tx, {
          email: `${role}@demo.test`,
          password: demoPassword,
          firstName: 'Demo',
          lastName: ROLE_LABELS[role],
          roles: [role],
          institutionId: institution.id,
        }),
      );
    }
    // One account holding several roles, to try the role switcher ('Viewing As').
    await ensureUser(tx, {
      email: 'staff@demo.test',
      password: demoPassword,
      firstName: 'Demo',
      lastName: 'Staff',
      roles: ['portal_admin', 'superuser'],
      primaryRole: 'portal_admin',
      institutionId: institution.id,
    });
    if (institution.currentRdaId === null) {
      // The demo institution's RDA is signed by its official and countersigned by the lead.
      const official = demoUsers.get('sbso')!;
      const lead = demoUsers.get('portal_admin_lead')!;
      const withRda = await attachDefaultRda(tx, institution);
      const date = `${new Date().toISOString().slice(0, 10)}T12:00:00`;
      await tx
        .update(files)
        .set({
          additionalData: {
            status: 3,
            name: institution.name,
            signature: `${official.firstName} ${official.lastName}`,
            signature_date: date,
            sf_signature: `${lead.firstName} ${lead.lastName}`,
            sf_signature_date: date,
          },
        })
        .where(eq(files.id, withRda.currentRdaId!));
      await tx
        .update(institutions)
        .set({ currentIoId: official.id })
        .where(eq(institutions.id, institution.id));
    }
    // Institutions in each compliance status, for the SBSO compliance page.
    await seedComplianceDemo(tx, demoPassword, attachDefaultRda);
    // An institution under review and RDAs waiting, for the command centre's tabs.
    await seedOnboardingDemo(tx, demoPassword, attachDefaultRda);
    if (attachIrb) {
      const colleague = demoUsers.get('pi_sbso')!;
      await seedDemoProjects(tx, demoUsers.get('primary_researcher')!, colleague, institution.id, attachIrb);
    }
    // The demo catalogue, with an approved dataset request of the demo researcher.
    await seedDemoCatalogue(tx, {
      researcherId: demoUsers.get('primary_researcher')!.id,
      adminId: demoUsers.get('portal_admin')!.id,
    });
    // The sample inventory and the demo researcher's requests in several statuses.
    await seedDemoRequests(tx, { researcherId: demoUsers.get('primary_researcher')!.id });
    // A fulfilled request due for renewal, for the Project Updates Dashboard.
    await seedDemoRenewals(tx, { researcherId: demoUsers.get('primary_researcher')!.id });
    // The tissue network's donors: the catalogue and the pilot set (issue 18), and a researcher
    // who has not applied to the network yet.
    await seedDemoTissue(tx, storeDonorDocument);
    if (attachIrb)
      await seedDemoTissueResearcher(tx, { demoPassword, institutionId: institution.id, attachIrb });
    // A submitted tissue request assigned to the ABN reviewer, for the tissue review cycle.
    await seedDemoTissueReview(tx, {
      demoPassword,
      institutionId: institution.id,
      reviewerId: demoUsers.get('abn_reviewer')!.id,
    });
    // A tissue request awaiting the decision, with its collection, for the order to BINS.
    if (attachIrb) await seedDemoTissueOrder(tx, { demoPassword, institutionId: institution.id, attachIrb });
    // A Submitted plasma request whose co-investigator has not signed the joinder (pending team).
    if (attachIrb) {
      await seedDemoPendingTeam(tx, {
        piId: demoUsers.get('pi_sbso')!.id,
        institutionId: institution.id,
        demoPassword,
        attachIrb,
      });
      // Research Match applications new, under review and at the review meeting (issue 17).
      await seedDemoResearchMatch(tx, { institutionId: institution.id, demoPassword, attachIrb });
    }
  });
}
