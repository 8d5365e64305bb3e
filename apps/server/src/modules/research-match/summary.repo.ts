import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { institutions, projects, requests, requestSummaries, users } from '../../db/schema';

/** The SQL of Research Match summaries (staff §3 "request summary"). */

export type SummaryRow = typeof requestSummaries.$inferSelect;
export type SummaryValues = Partial<typeof requestSummaries.$inferInsert>;

/** The request a summary belongs to, with its summary when one was started. */
export async function findSummary(db: DbOrTx, requestId: number, lock = false) {
  const query = db
    .select({
      request: { id: requests.id, typeId: requests.typeId, portalRequestId: requests.portalRequestId },
      summary: requestSummaries,
    })
    .from(requests)
    .leftJoin(requestSummaries, eq(requestSummaries.requestId, requests.id))
    .where(eq(requests.id, requestId));
  const [row] = lock ? await query.for('update', { of: requests }) : await query;
  return row ?? null;
}

/** What a summary starts from: the application's answers, its PI, institution and project. */
export async function applicationOf(db: DbOrTx, requestId: number) {
  const [row] = await db
    .select({
      additionalData: requests.additionalData,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerEmail: users.email,
      institution: institutions.name,
      projectTitle: projects.title,
      projectAbstract: projects.abstract,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.ownerId))
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .leftJoin(institutions, eq(institutions.id, requests.institutionId))
    .where(eq(requests.id, requestId));
  return row ?? null;
}

export async function insertSummary(db: DbOrTx, values: typeof requestSummaries.$inferInsert) {
  await db.insert(requestSummaries).values(values).onConflictDoNothing();
}

export async function updateSummary(
  db: DbOrTx,
  requestId: number,
  values: SummaryValues,
): Promise<SummaryRow> {
  const [row] = await db
    .update(requestSummaries)
    .set({ ...values, modified: new Date() })
    .where(eq(requestSummaries.requestId, requestId))
    .returning();
  return row!;
}

/** The other requests whose RM ids share `base` (indexed by `rm_base`), with their researcher. */
export async function requestsUsingBase(db: DbOrTx, base: string, exceptRequestId: number) {
  return db
    .select({
      id: requests.id,
      portalRequestId: requests.portalRequestId,
      rmIds: requestSummaries.rmIds,
      researcher: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      institution: institutions.name,
    })
    .from(requestSummaries)
    .innerJoin(requests, eq(requests.id, requestSummaries.requestId))
    .innerJoin(users, eq(users.id, requests.ownerId))
    .leftJoin(institutions, eq(institutions.id, requests.institutionId))
    .where(and(eq(requestSummaries.rmBase, base), ne(requestSummaries.requestId, exceptRequestId)))
    .orderBy(requests.id)
    .limit(100);
}
