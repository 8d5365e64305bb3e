import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/database';
import { projects } from './schema';
import { ensureUser } from './factories';

/**
 * The primary researcher a demo files its requests for, or null when they already own the demo's
 * project (`projectTitle`, or any project): each such demo is seeded once.
 */
export async function unseededDemoApplicant(
  tx: DbOrTx,
  person: { email: string; password: string; firstName: string; lastName: string; institutionId: number },
  projectTitle?: string,
) {
  const applicant = await ensureUser(tx, { ...person, roles: ['primary_researcher'] });
  const owned = eq(projects.ownerId, applicant.id);
  const [existing] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(projectTitle === undefined ? owned : and(owned, eq(projects.title, projectTitle)));
  return existing ? null : applicant;
}
