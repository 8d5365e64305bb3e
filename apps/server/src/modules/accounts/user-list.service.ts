import { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  can,
  csvDate,
  institutionOrActivePeriod,
  ROLE_LABELS,
  isRoleKey,
  type Actor,
  type UserListItemDto,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import {
  inPageOrder,
  parseListQuery,
  selectPageIds,
  type ListSpec,
  type ParsedList,
} from '../../platform/list';
import { groups, institutions, userGroups, userInstitutions, users } from '../../db/schema';

/** The listed user's id, qualified (subqueries read their own tables' ids). */
const U = sql.raw('"users"."id"');

const throughGroups = (condition: SQL) =>
  sql`exists (select 1 from user_groups join groups on groups.id = user_groups.group_id where user_groups.user_id = ${U} and ${condition})`;
const throughInstitutions = (condition: SQL) =>
  sql`exists (select 1 from user_institutions where user_institutions.user_id = ${U} and user_institutions.removal_reason is null and ${condition})`;
const throughEmails = (condition: SQL) =>
  sql`exists (select 1 from user_emails where user_emails.user_id = ${U} and ${condition})`;
const byInstitution = {
  type: 'int',
  column: sql`user_institutions.institution_id`,
  through: throughInstitutions,
  lookups: ['exact', 'in'],
} as const;
const fullNameSql = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * `userinstitution__joinder_date__isnull=true`: no current affiliation has a signed joinder (a
 * user without any affiliation included), as 'View PIs with no signed joinder' means it;
 * `false`: one has (decision 144).
 */
function joinderUnsigned(lookup: string, raw: string): SQL {
  const value = raw.trim().toLowerCase();
  if (lookup !== 'isnull' || !['true', 'false', '1', '0'].includes(value)) {
    throw new Error('Enter true or false.');
  }
  const signed = throughInstitutions(sql`user_institutions.joinder_date is not null`);
  return value === 'true' || value === '1' ? sql`not ${signed}` : signed;
}

/**
 * GET user/ (staff §7, researcher §2 "Lists"): the reviewer picker (`groups__name__in` of the
 * reviewer groups), the admin's PI picker and the Users list. Default order last name.
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
    userinstitution__joinder_date: {
      type: 'date',
      column: sql`user_institutions.joinder_date`,
      lookups: ['isnull'],
      build: joinderUnsigned,
    },
    first_name: { type: 'text', column: users.firstName, lookups: ['exact', 'icontains'] },
    last_name: { type: 'text', column: users.lastName, lookups: ['exact', 'icontains'] },
    email: { type: 'text', column: users.email, lookups: ['exact', 'icontains'] },
    emails__email: {
      type: 'text',
      column: sql`user_emails.email`,
      through: throughEmails,
      lookups: ['icontains'],
    },
    active: { type: 'bool', column: users.isActive, lookups: ['exact'] },
    is_active: { type: 'bool', column: users.isActive, lookups: ['exact'] },
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
  search: [
    fullNameSql,
    users.email,
    // Further addresses, through their own trigram index.
    { ids: (pattern) => sql`select user_id from user_emails where email ilike ${pattern}` },
  ],
};

/**
 * Who the caller may list: everyone for staff who read any user; for a signing official, the
 * users affiliated with the institutions they sign for (foundation §2 sbso "Users").
 */
function visibleTo(actor: Actor): SQL | undefined {
  if (can(actor, 'read', 'User')) return undefined;
  return sql`${users.id} in (select user_institutions.user_id from user_institutions join institutions on institutions.id = user_institutions.institution_id where institutions.current_io_id = ${actor.userId} and user_institutions.removal_reason is null)`;
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
      primary: userInstitutions.primary,
      joinderDate: userInstitutions.joinderDate,
    })
    .from(userInstitutions)
    .innerJoin(institutions, eq(institutions.id, userInstitutions.institutionId))
    .where(and(inArray(userInstitutions.userId, ids), isNull(userInstitutions.removalReason)))
    .orderBy(desc(userInstitutions.primary), asc(institutions.name));
}

/** The page's users with their groups and current affiliations: three `in (ids)` queries. */
async function usersByIds(db: DbOrTx, ids: number[]): Promise<UserListItemDto[]> {
  if (ids.length === 0) return [];
  const [rows, groupRows, institutionRows] = await Promise.all([
    db.select().from(users).where(inArray(users.id, ids)),
    groupsOf(db, ids),
    institutionsOf(db, ids),
  ]);
  return inPageOrder(ids, rows, (row) => row.id).map((user) => {
    const name = `${user.firstName} ${user.lastName}`.trim();
    const affiliations = institutionRows.filter((row) => row.userId === user.id);
    return {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      full_name: name,
      display_name: name || user.email,
      email: user.email,
      groups: groupRows.filter((row) => row.userId === user.id).map((row) => row.name),
      institutions: affiliations.map((row) => ({
        id: row.id,
        name: row.name,
        verified: row.verified,
        primary: row.primary,
        joinder_date: row.joinderDate?.toISOString() ?? null,
      })),
      joinder_signed: affiliations[0]?.joinderDate != null,
      active: user.isActive,
      verified: user.verified,
      last_login: user.lastLogin?.toISOString() ?? null,
      created: user.created.toISOString(),
    };
  });
}

/** The columns of the list (researcher §2), plus roles and status, as the CSV file carries them. */
const CSV_COLUMNS: [string, (user: UserListItemDto) => string][] = [
  ['Name', (user) => user.full_name],
  ['Institution or Active Period', (user) => institutionOrActivePeriod(user, csvDate)],
  ['Email Address', (user) => user.email],
  ['Joinder Signed?', (user) => (user.joinder_signed ? 'Yes' : 'No')],
  ['Date of Last Login', (user) => csvDate(user.last_login)],
  ['Roles', (user) => user.groups.map((group) => (isRoleKey(group) ? ROLE_LABELS[group] : group)).join('; ')],
  ['Active', (user) => (user.active ? 'Yes' : 'No')],
];

/** CSV lines (CRLF-ended); cells a spreadsheet would run as formulae are escaped. */
const csvLines = (rows: string[][]) => `${Papa.unparse(rows, { escapeFormulae: true })}\r\n`;

/** Rows per query while streaming the CSV file: one page of ids, then its relations. */
const CSV_BATCH = 500;

export function createUserListService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** One page of users (ids first, then the page's rows and relations; no per-row queries). */
    async list(actor: Actor, query: Record<string, string | undefined>) {
      const list = parseListQuery(userList, query);
      const page = await selectPageIds(db, userList, list, visibleTo(actor));
      return { list, count: page.count, results: await usersByIds(db, page.ids) };
    },

    /**
     * The filtered list as a CSV file, streamed batch by batch, so a list of any length is never
     * held in memory. Paging and `limit` do not apply: the file has every matching user.
     */
    csv(actor: Actor, query: Record<string, string | undefined>): Readable {
      const filters = { ...query, limit: undefined, offset: undefined };
      const first = parseListQuery(userList, filters);
      const scope = visibleTo(actor);
      async function* lines() {
        yield csvLines([CSV_COLUMNS.map(([title]) => title)]);
        for (let offset = 0; ; offset += CSV_BATCH) {
          const list: ParsedList = { ...first, limit: CSV_BATCH, offset };
          const page = await selectPageIds(db, userList, list, scope, { count: false });
          if (page.ids.length === 0) return;
          const batch = await usersByIds(db, page.ids);
          yield csvLines(batch.map((user) => CSV_COLUMNS.map(([, cell]) => cell(user))));
          if (page.ids.length < CSV_BATCH) return;
        }
      }
      return Readable.from(lines());
    },
  };
}

export type UserListService = ReturnType<typeof createUserListService>;
