import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { emailLogs, files, projects, requestMembers, requests, users } from '../../db/schema';

/** What a decision e-mail names: the request, its project, its owner and the team with access. */
export async function emailFacts(db: DbOrTx, requestId: number) {
  const [row] = await db
    .select({
      id: requests.id,
      portalRequestId: requests.portalRequestId,
      displayName: requests.displayName,
      typeId: requests.typeId,
      statusId: requests.statusId,
      projectTitle: projects.title,
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(requests)
    .innerJoin(projects, eq(projects.id, requests.projectId))
    .innerJoin(users, eq(users.id, requests.ownerId))
    .where(eq(requests.id, requestId));
  if (!row) return null;
  const members = await db
    .select({ email: users.email })
    .from(requestMembers)
    .innerJoin(users, eq(users.id, requestMembers.userId))
    .where(
      and(
        eq(requestMembers.requestId, requestId),
        isNull(requestMembers.removalDate),
        eq(users.isActive, true),
      ),
    )
    .orderBy(requestMembers.created, users.id);
  return { ...row, memberEmails: members.map((member) => member.email) };
}

/** Which of these ids are requests. */
export async function existingRequestIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: requests.id })
    .from(requests)
    .where(inArray(requests.id, [...ids]));
  return rows.map((row) => row.id);
}

/** Decision documents of a request: uploaded as `decision_docs` with this request. */
export async function decisionDocs(db: DbOrTx, requestId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, name: files.name })
    .from(files)
    .where(and(inArray(files.id, [...ids]), eq(files.type, 'decision_docs'), eq(files.requestId, requestId)));
}

/** Stores the request's additional_data (the decision documents list). */
export async function setAdditionalData(db: DbOrTx, requestId: number, data: Record<string, unknown>) {
  await db.update(requests).set({ additionalData: data }).where(eq(requests.id, requestId));
}

/** The latest e-mail of this template about the request (e.g. the one a decision sent). */
export async function latestEmailAbout(db: DbOrTx, requestId: number, template: string) {
  const [row] = await db
    .select({ subject: emailLogs.subject, body: emailLogs.text, sent: emailLogs.created })
    .from(emailLogs)
    .where(
      and(
        eq(emailLogs.modelName, 'request'),
        eq(emailLogs.template, template),
        sql`${requestId} = any(${emailLogs.objectIds})`,
      ),
    )
    .orderBy(desc(emailLogs.created), desc(emailLogs.id))
    .limit(1);
  return row ?? null;
}
