import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database';
import { history, requestMembers, researchTeamMembers, users } from '../../db/schema';

const modifiers = alias(users, 'history_modifiers');

/**
 * The request's team list with each person's role on the project's research team (the current
 * row, else the latest one), for the application PDF.
 */
export async function teamOfRequest(db: DbOrTx, requestId: number, projectId: number) {
  return db
    .select({
      userId: requestMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      removalDate: requestMembers.removalDate,
      userRole: sql<number | null>`(
        select tm.user_role from ${researchTeamMembers} tm
        where tm.project_id = ${projectId}
          and (tm.user_id = ${requestMembers.userId} or lower(tm.email) = lower(${users.email}))
        order by tm.removal_date is not null, tm.id desc
        limit 1)`,
    })
    .from(requestMembers)
    .innerJoin(users, eq(users.id, requestMembers.userId))
    .where(eq(requestMembers.requestId, requestId))
    .orderBy(asc(users.lastName), asc(users.id));
}

/** The request's history versions in order: the status each one recorded, when and by whom. */
export async function statusVersions(db: DbOrTx, requestId: number) {
  return db
    .select({
      version: history.version,
      statusId: sql<number | null>`(${history.data} ->> 'statusId')::int`,
      modified: history.modified,
      firstName: modifiers.firstName,
      lastName: modifiers.lastName,
    })
    .from(history)
    .leftJoin(modifiers, eq(modifiers.id, history.modifierId))
    .where(and(eq(history.model, 'request'), eq(history.objectId, String(requestId))))
    .orderBy(asc(history.version));
}
