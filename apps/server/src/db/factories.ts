import { and, eq, inArray, sql } from 'drizzle-orm';
import { INSTITUTION_APPROVED, type RoleKey } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import { hashPassword } from '../platform/auth/passwords';
import { recordHistory } from '../platform/history';
import {
  datasetAccess,
  datasets,
  groups,
  institutions,
  requestDatasets,
  requestMembers,
  requestRenewals,
  requestSamples,
  projects,
  requests,
  samples,
  researchTeamMembers,
  userGroups,
  userInstitutions,
  users,
} from './schema';

/**
 * Builders for users and institutions, shared by the demo seed, the CLI and the tests so every
 * path creates the same rows (roles, institution link, history).
 */

export interface NewUser {
  email: string;
  /** Omit for an account without a password (it must set one by e-mail). */
  password?: string;
  firstName?: string;
  lastName?: string;
  roles: RoleKey[];
  primaryRole?: RoleKey | null;
  verified?: boolean;
  agreedToTerms?: boolean;
  isActive?: boolean;
  institutionId?: number;
  /** Whether the institution has confirmed the affiliation (the signing official verifies it). */
  institutionVerified?: boolean;
  createdBy?: number | null;
  /** Further columns of the account, e.g. what the admin user form sets. */
  details?: Partial<
    Pick<typeof users.$inferInsert, 'title' | 'globusUsername' | 'comments' | 'additionalData'>
  >;
}

export async function createUser(tx: DbOrTx, input: NewUser) {
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      primaryRole: input.primaryRole === undefined ? (input.roles[0] ?? null) : input.primaryRole,
      verified: input.verified ?? true,
      isActive: input.isActive ?? true,
      agreedToTermsAt: (input.agreedToTerms ?? true) ? new Date() : null,
      createdById: input.createdBy ?? null,
      ...input.details,
    })
    .returning();
  if (!user) throw new Error('insert returned no user');
  if (input.roles.length > 0) {
    const roleRows = await tx.select({ id: groups.id }).from(groups).where(inArray(groups.name, input.roles));
    if (roleRows.length !== input.roles.length) throw new Error(`Unknown role in ${input.roles.join(', ')}`);
    await tx.insert(userGroups).values(roleRows.map((group) => ({ userId: user.id, groupId: group.id })));
  }
  if (input.institutionId !== undefined) {
    await tx.insert(userInstitutions).values({
      userId: user.id,
      institutionId: input.institutionId,
      primary: true,
      verified: input.institutionVerified ?? true,
      lastChecked: input.institutionVerified === false ? null : new Date(),
      joinderDate: input.institutionVerified === false ? null : new Date(),
    });
  }
  await recordHistory(tx, {
    model: 'user',
    objectId: user.id,
    action: 'create',
    after: { ...user, roles: input.roles },
    by: input.createdBy ? { userId: input.createdBy } : null,
  });
  return user;
}

/** The user with this e-mail, created if missing (an existing account is left as it is). */
export async function ensureUser(tx: DbOrTx, input: NewUser) {
  const [existing] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  return existing ?? createUser(tx, input);
}

export interface NewInstitution {
  name: string;
  officialName?: string;
  statusId?: number;
  domains?: string[];
  ein?: string | null;
}

export async function createInstitution(tx: DbOrTx, input: NewInstitution) {
  const [institution] = await tx
    .insert(institutions)
    .values({
      name: input.name,
      officialName: input.officialName ?? input.name,
      statusId: input.statusId ?? INSTITUTION_APPROVED,
      domains: input.domains ?? [],
      ein: input.ein ?? null,
    })
    .returning();
  if (!institution) throw new Error('insert returned no institution');
  await recordHistory(tx, {
    model: 'institution',
    objectId: institution.id,
    action: 'create',
    after: institution,
    by: null,
  });
  return institution;
}

export async function ensureDemoInstitution(tx: DbOrTx, name: string) {
  const [existing] = await tx
    .select()
    .from(institutions)
    .where(and(eq(institutions.name, name), eq(institutions.statusId, INSTITUTION_APPROVED)));
  return existing ?? createInstitution(tx, { name, officialName: `${name} (Demo)`, domains: ['demo.test'] });
}

export interface NewProject {
  ownerId: number;
  title?: string;
  abstract?: string;
  nonAutismResearch?: boolean;
  publicTitle?: string | null;
  publicAbstract?: string | null;
  /** Defaults to the owner. */
  creatorId?: number;
  /** Defaults to the owner's primary institution. */
  institutionId?: number | null;
}

/** A project with its PI row on the research team (user_role 1), as the projects service writes it. */
export async function createProject(tx: DbOrTx, input: NewProject) {
  const [owner] = await tx.select().from(users).where(eq(users.id, input.ownerId));
  if (!owner) throw new Error(`No user ${input.ownerId}`);
  let institutionId = input.institutionId;
  if (institutionId === undefined) {
    const [link] = await tx
      .select({ institutionId: userInstitutions.institutionId })
      .from(userInstitutions)
      .where(and(eq(userInstitutions.userId, owner.id), eq(userInstitutions.primary, true)))
      .limit(1);
    institutionId = link?.institutionId ?? null;
  }
  const [project] = await tx
    .insert(projects)
    .values({
      ownerId: owner.id,
      creatorId: input.creatorId ?? owner.id,
      institutionId,
      title: input.title ?? 'A study of sleep in autistic children',
      abstract: input.abstract ?? 'We look at how sleep patterns relate to daytime behaviour.',
      nonAutismResearch: input.nonAutismResearch ?? false,
      publicTitle: input.publicTitle ?? null,
      publicAbstract: input.publicAbstract ?? null,
    })
    .returning();
  if (!project) throw new Error('insert returned no project');
  await tx.insert(researchTeamMembers).values({
    projectId: project.id,
    userId: owner.id,
    email: owner.email,
    firstName: owner.firstName,
    lastName: owner.lastName,
    userRole: 1,
    institutionId,
    globusUsername: owner.globusUsername,
  });
  await recordHistory(tx, {
    model: 'project',
    objectId: project.id,
    action: 'create',
    after: project,
    by: { userId: input.creatorId ?? owner.id },
  });
  return project;
}

export interface NewTeamMember {
  projectId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** 1-based index into RESEARCH_TEAM_ROLES; defaults to Co-Investigator (2). */
  userRole?: number;
  institutionId?: number | null;
  globusUsername?: string | null;
  active?: boolean;
}

/** A research-team member, linked to the account with that e-mail when there is one. */
export async function addTeamMember(tx: DbOrTx, input: NewTeamMember) {
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  const [member] = await tx
    .insert(researchTeamMembers)
    .values({
      projectId: input.projectId,
      userId: account?.id ?? null,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      userRole: input.userRole ?? 2,
      institutionId: input.institutionId ?? null,
      globusUsername: input.globusUsername ?? null,
      active: input.active ?? true,
    })
    .returning();
  if (!member) throw new Error('insert returned no team member');
  return member;
}

export interface NewRequest {
  projectId: number;
  /** Request status id (constants/statuses.ts); defaults to Created (1). */
  statusId?: number;
  /** Request type id; defaults to Dataset (1). */
  typeId?: number;
  /** Defaults to the project's owner. */
  ownerId?: number;
  /** Defaults to the project's institution. */
  institutionId?: number | null;
  submissionDate?: Date | null;
  decisionDate?: Date | null;
  expirationDate?: Date | null;
  additionalData?: Record<string, unknown>;
  /** The requested resources' names; linking datasets fills it in when empty. */
  displayName?: string;
  cohortIds?: number[];
  /** Biospecimen requests: the sample type. */
  sampleTypeId?: number | null;
  creatorId?: number | null;
  agreedToUsagePolicy?: boolean;
}

/** A request row (the request work adds its own service on top of this table). */
export async function createRequest(tx: DbOrTx, input: NewRequest) {
  const [project] = await tx.select().from(projects).where(eq(projects.id, input.projectId));
  if (!project) throw new Error(`No project ${input.projectId}`);
  const statusId = input.statusId ?? 1;
  const [request] = await tx
    .insert(requests)
    .values({
      projectId: project.id,
      ownerId: input.ownerId ?? project.ownerId,
      institutionId: input.institutionId === undefined ? project.institutionId : input.institutionId,
      statusId,
      typeId: input.typeId ?? 1,
      submissionDate:
        input.submissionDate === undefined ? (statusId === 1 ? null : new Date()) : input.submissionDate,
      decisionDate: input.decisionDate ?? null,
      expirationDate: input.expirationDate ?? null,
      additionalData: input.additionalData ?? {},
      displayName: input.displayName ?? '',
      cohortIds: input.cohortIds ?? [],
      sampleTypeId: input.sampleTypeId ?? null,
      creatorId: input.creatorId ?? null,
      agreedToUsagePolicy: input.agreedToUsagePolicy ?? false,
    })
    .returning();
  if (!request) throw new Error('insert returned no request');
  await recordHistory(tx, {
    model: 'request',
    objectId: request.id,
    action: 'create',
    after: request,
    by: { userId: request.ownerId },
  });
  return request;
}

export interface NewDataset {
  name?: string;
  description?: string;
  /** Cohort id (cohorts are reference data). */
  cohortId?: number | null;
  /** 1 Phenotype, 2 Genetic, 3 Imaging. */
  typeId?: number;
  /** 1 Simons Foundation, 2 Curated, 3 External. */
  originId?: number;
  releaseDate?: string;
  available?: boolean;
  limited?: boolean;
  dataFileId?: number | null;
  dataAccess?: string | null;
  gpfAccessible?: boolean;
  gpfGroup?: string | null;
  gpfDatasetId?: string | null;
  globusGroupId?: string | null;
  globusLocations?: { endpoint_id: string; endpoint_name: string; location: string }[];
  accessionId?: string | null;
  fileSize?: string | null;
  order?: number;
  asdParticipants?: number | null;
  controlParticipants?: number | null;
  families?: number | null;
  relatedDatasetIds?: string[];
  changeNotes?: string | null;
  creatorId?: number | null;
  /** Makes the dataset a new version of this (latest) version: same UUID, version + 1. */
  parentId?: number;
}

/**
 * A dataset version as the catalogue service writes it (with its history). Without a location
 * of its own it gets an S3 data access, so it passes the form's location rule.
 */
export async function createDataset(tx: DbOrTx, input: NewDataset = {}) {
  let parent: typeof datasets.$inferSelect | undefined;
  if (input.parentId !== undefined) {
    [parent] = await tx.select().from(datasets).where(eq(datasets.id, input.parentId));
    if (!parent) throw new Error(`No dataset ${input.parentId}`);
    await tx.update(datasets).set({ isLatest: false }).where(eq(datasets.id, parent.id));
  }
  const name = input.name ?? parent?.name ?? 'SPARK Phenotype Dataset';
  // A new version keeps its parent's channels unless told otherwise.
  const globusLocations = input.globusLocations ?? parent?.globusLocations ?? [];
  const dataAccess = input.dataAccess === undefined ? (parent?.dataAccess ?? null) : input.dataAccess;
  const hasLocation = Boolean(input.dataFileId || globusLocations.length || dataAccess);
  const [dataset] = await tx
    .insert(datasets)
    .values({
      ...(parent ? { datasetId: parent.datasetId, version: parent.version + 1, parentId: parent.id } : {}),
      name,
      description: input.description ?? parent?.description ?? `<p>${name}.</p>`,
      cohortId: input.cohortId === undefined ? (parent?.cohortId ?? null) : input.cohortId,
      typeId: input.typeId ?? parent?.typeId ?? 1,
      originId: input.originId ?? parent?.originId ?? 1,
      releaseDate: input.releaseDate ?? new Date().toISOString().slice(0, 10),
      available: input.available ?? parent?.available ?? true,
      limited: input.limited ?? parent?.limited ?? false,
      dataFileId: input.dataFileId ?? null,
      dataAccess: hasLocation
        ? dataAccess
        : `s3://portal-datasets/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`,
      gpfAccessible: input.gpfAccessible ?? parent?.gpfAccessible ?? false,
      gpfGroup: input.gpfGroup ?? parent?.gpfGroup ?? null,
      gpfDatasetId: input.gpfDatasetId ?? parent?.gpfDatasetId ?? null,
      globusGroupId: input.globusGroupId ?? parent?.globusGroupId ?? null,
      globusLocations,
      accessionId: input.accessionId ?? parent?.accessionId ?? null,
      fileSize: input.fileSize ?? parent?.fileSize ?? null,
      order: input.order ?? parent?.order ?? 0,
      asdParticipants: input.asdParticipants ?? parent?.asdParticipants ?? null,
      controlParticipants: input.controlParticipants ?? parent?.controlParticipants ?? null,
      families: input.families ?? parent?.families ?? null,
      relatedDatasetIds: input.relatedDatasetIds ?? parent?.relatedDatasetIds ?? [],
      changeNotes: input.changeNotes ?? null,
      creatorId: input.creatorId ?? null,
    })
    .returning();
  if (!dataset) throw new Error('insert returned no dataset');
  await recordHistory(tx, {
    model: 'dataset',
    objectId: dataset.id,
    action: 'create',
    after: dataset,
    by: input.creatorId ? { userId: input.creatorId } : null,
  });
  return dataset;
}

/** Links datasets to a (dataset) request, as the request wizard does. */
export async function linkRequestDatasets(tx: DbOrTx, requestId: number, datasetIds: readonly number[]) {
  if (datasetIds.length === 0) return;
  await tx
    .insert(requestDatasets)
    .values(datasetIds.map((datasetId) => ({ requestId, datasetId })))
    .onConflictDoNothing();
  // The list columns "Requested Resource" and "Cohort" follow the datasets, as the service writes them.
  await tx.execute(sql`update ${requests} set
      display_name = case when ${requests.displayName} = '' then coalesce((select string_agg(d.name, ', ' order by d.name) from ${requestDatasets} rd join ${datasets} d on d.id = rd.dataset_id where rd.request_id = ${requestId}), '') else ${requests.displayName} end,
      cohort_ids = coalesce((select array_agg(distinct d.cohort_id) from ${requestDatasets} rd join ${datasets} d on d.id = rd.dataset_id where rd.request_id = ${requestId} and d.cohort_id is not null), '{}'::integer[])
    where ${requests.id} = ${requestId}`);
}

export interface NewSample {
  id: string;
  sampleTypeId: number;
  amountAvailable?: number;
  unit?: string;
  ipscConsented?: boolean;
  /** available (default), limited, unavailable or cpls. */
  status?: 'available' | 'limited' | 'unavailable' | 'cpls';
}

/** A biospecimen inventory row (what validateSamples answers from; decision 057). */
export async function createSample(tx: DbOrTx, input: NewSample) {
  const [row] = await tx
    .insert(samples)
    .values({
      id: input.id,
      sampleTypeId: input.sampleTypeId,
      amountAvailable: input.amountAvailable ?? 5,
      unit: input.unit ?? 'vials',
      ipscConsented: input.ipscConsented ?? false,
      status: input.status ?? 'available',
    })
    .onConflictDoNothing()
    .returning();
  return row ?? (await tx.select().from(samples).where(eq(samples.id, input.id)))[0]!;
}

/** The samples a biospecimen request asks for, with amounts. */
export async function addRequestSamples(
  tx: DbOrTx,
  requestId: number,
  entries: readonly { id: string; amount?: number }[],
) {
  if (entries.length === 0) return;
  await tx
    .insert(requestSamples)
    .values(entries.map((entry) => ({ requestId, sampleId: entry.id, amount: entry.amount ?? 1 })))
    .onConflictDoNothing();
}

/** Users on a request's access control list. */
export async function addRequestMembers(
  tx: DbOrTx,
  requestId: number,
  members: readonly { userId: number; removalDate?: Date | null; verified?: boolean }[],
) {
  if (members.length === 0) return;
  await tx
    .insert(requestMembers)
    .values(
      members.map((member) => ({
        requestId,
        userId: member.userId,
        removalDate: member.removalDate ?? null,
        verified: member.verified ?? false,
      })),
    )
    .onConflictDoNothing();
}

export interface NewDatasetAccess {
  userId: number;
  datasetId: number;
  accessType: 'Globus' | 'AWS' | 'GPF' | 'Other';
  status?: 'granted' | 'revoked';
  requestId?: number | null;
}

/** A dataset access record (granted unless said otherwise). */
export async function createDatasetAccess(tx: DbOrTx, input: NewDatasetAccess) {
  const [row] = await tx
    .insert(datasetAccess)
    .values({
      userId: input.userId,
      datasetId: input.datasetId,
      accessType: input.accessType,
      status: input.status ?? 'granted',
      requestId: input.requestId ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned no dataset access');
  await recordHistory(tx, {
    model: 'datasetaccess',
    objectId: row.id,
    action: 'create',
    after: row,
    by: null,
  });
  return row;
}

export interface NewRenewal {
  requestId: number;
  /** 2 Submitted unless said otherwise (request status ids). */
  statusId?: number;
  /** The resource impact form's answers (`renew` is the renewal choice). */
  additionalData?: Record<string, unknown>;
  agreedToUsagePolicy?: boolean;
}

/** A renewal of a request, filed by the request's owner (renewals, issue 8). */
export async function createRenewal(tx: DbOrTx, input: NewRenewal) {
  const [request] = await tx.select().from(requests).where(eq(requests.id, input.requestId));
  if (!request) throw new Error(`No request ${input.requestId}`);
  const [row] = await tx
    .insert(requestRenewals)
    .values({
      requestId: request.id,
      ownerId: request.ownerId,
      statusId: input.statusId ?? 2,
      typeId: request.typeId,
      agreedToUsagePolicy: input.agreedToUsagePolicy ?? true,
      additionalData: input.additionalData ?? { renew: true },
      submissionDate: new Date(),
    })
    .returning();
  if (!row) throw new Error('insert returned no renewal');
  await recordHistory(tx, {
    model: 'renewal',
    objectId: row.id,
    action: 'create',
    after: row,
    by: { userId: request.ownerId },
  });
  return row;
}
