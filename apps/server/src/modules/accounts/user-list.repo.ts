import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { groups, institutions, userGroups, userInstitutions, users } from '../../db/schema';

/** The users affiliated with the institutions this signing official signs for. */
export function affiliatedWithInstitutionsOf(officialId: number): SQL {
  return sql`${users.id} in (select user_institutions.user_id from user_institutions join institutions on institutions.id = user_institutions.institution_id where institutions.current_io_id = ${officialId} and user_institutions.removal_reason is null)`;
}

export async function groupsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ userId: userGroups.userId, name: groups.name })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(inArray(userGroups.userId, ids))
    .orderBy(asc(groups.name));
}

export async function institutionsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      userId: userInstitutions.userId,
      id: institutions.id,
      name: institutions.name,
      verified: userInstitutions.verified,
      primary: userInstitutions.primary,
      joinderDate: userInstitutions.joinderDate,
    })
    .from(userInstitutions)
    .innerJoin(institutions, eq(institutions.id, userInstitutions.institutionId))
    .where(and(inArray(userInstitutions.userId, ids), isNull(userInstitutions.removalReason)))
    .orderBy(desc(userInstitutions.primary), asc(institutions.name));
}

export function usersWithIds(db: DbOrTx, ids: number[]) {
  return db.select().from(users).where(inArray(users.id, ids));
}
