import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { recordHistory } from '../../platform/history';
import { projects, researchTeamMembers, userInstitutions, users } from '../schema';

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
