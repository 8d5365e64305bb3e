import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Actor, UserListItemDto } from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { parseListQuery, type ListSpec, type ParsedList } from '../../platform/list';
import { groups, institutions, userGroups, userInstitutions, users } from '../../db/schema';

/** The listed user's id, qualified (subqueries read their own tables' ids). */
const U = sql.raw('"users"."id"');

const throughGroups = (condition: SQL) =>
  sql`exists (select 1 from user_groups join groups on groups.id = user_groups.group_id where user_groups.user_id = ${U} and ${condition})`;
const throughInstitutions = (condition: SQL) =>
  sql`exists (select 1 from user_institutions where user_institutions.user_id = ${U} and user_institutions.removal_reason is null and ${condition})`;
const byInstitution = {
  type: 'int',
  column: sql`user_institutions.institution_id`,
  through: throughInstitutions,
  lookups: ['exact', 'in'],
} as const;
const fullNameSql = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * GET user/ (staff §7, researcher §7): the reviewer picker (`groups__name__in` of the reviewer
 * groups), the admin's PI picker and the user list. Default order last name (researcher §2).
 */
export const userList: ListSpec = {
  id: users.id,
  filters: {
    id: { type: 'int', column: users.id, lookups: ['exact', 'in'] },
    groups__name: {
      type: 'text',
      column: sql`groups.name`,
      through: throughGroups,
      lookups: ['exact', 'in'],
    },
    groups: { type: 'int', column: sql`groups.id`, through: throughGroups, lookups: ['exact', 'in'] },
    institutions: byInstitution,
    // The same filter under the name staff §7 also uses.
    institutions__id: byInstitution,
    first_name: { type: 'text', column: users.firstName, lookups: ['exact', 'icontains'] },
    last_name: { type: 'text', column: users.lastName, lookups: ['exact', 'icontains'] },
    email: { type: 'text', column: users.email, lookups: ['exact', 'icontains'] },
    active: { type: 'bool', column: users.isActive, lookups: ['exact'] },
    verified: { type: 'bool', column: users.verified, lookups: ['exact'] },
  },
  ordering: {
    id: users.id,
    last_name: users.lastName,
    first_name: users.firstName,
    email: users.email,
    last_login: users.lastLogin,
  },
  defaultOrdering: ['last_name', 'first_name'],
  search: [fullNameSql, users.email],
};

async function listUsers(db: DbOrTx, list: ParsedList) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    db.select({ count: count() }).from(users).where(list.where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

async function groupsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ userId: userGroups.userId, name: groups.name })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(inArray(userGroups.userId, ids))
    .orderBy(asc(groups.name));
}

async function institutionsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      userId: userInstitutions.userId,
      id: institutions.id,
      name: institutions.name,
      verified: userInstitutions.verified,
    })
    .from(userInstitutions)
    .innerJoin(institutions, eq(institutions.id, userInstitutions.institutionId))
    .where(and(inArray(userInstitutions.userId, ids), isNull(userInstitutions.removalReason)))
    .orderBy(asc(institutions.name));
}

export function createUserListService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** One page of users with their groups and current affiliations (three queries, no N+1). */
    async list(_actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(userList, query);
      const page = await listUsers(db, list);
      const ids = page.rows.map((row) => row.id);
      const [groupRows, institutionRows] = await Promise.all([groupsOf(db, ids), institutionsOf(db, ids)]);
      const results: UserListItemDto[] = page.rows.map((user) => {
        const name = `${user.firstName} ${user.lastName}`.trim();
        return {
          id: user.id,
          first_name: user.firstName,
          last_name: user.lastName,
          full_name: name,
          display_name: name || user.email,
          email: user.email,
          groups: groupRows.filter((row) => row.userId === user.id).map((row) => row.name),
          institutions: institutionRows
            .filter((row) => row.userId === user.id)
            .map(({ id, name: institution, verified }) => ({ id, name: institution, verified })),
          active: user.isActive,
          verified: user.verified,
          last_login: user.lastLogin?.toISOString() ?? null,
        };
      });
      return { list, count: page.count, results };
    },
  };
}

export type UserListService = ReturnType<typeof createUserListService>;
