import { sql, type SQL } from 'drizzle-orm';
import type { ListSpec } from '../../platform/list';
import { users } from '../../db/schema';

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
