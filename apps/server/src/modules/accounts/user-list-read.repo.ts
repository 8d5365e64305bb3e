import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { isoTimestamp, jsonArray, jsonObject } from '../../platform/db/json-sql';
import { pageJsonText, pageOfIds, personName } from '../../platform/db/json-sql-parts';
import { prepared } from '../../platform/db/prepared';
import { users } from '../../db/schema';

/*
 * The user list's read model (issue 32): the rows of GET user/ as PostgreSQL writes them, in the
 * spec's field names, with the user's groups and current affiliations (the primary one first).
 */

const affiliations = sql`user_institutions ui join institutions i on i.id = ui.institution_id where ui.user_id = ${users.id} and ui.removal_reason is null`;
const affiliationOrder = sql`ui."primary" desc, i.name asc, ui.id`;
const fullName = sql<string>`btrim(${users.firstName} || ' ' || ${users.lastName})`;

const userRowJson = jsonObject({
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  full_name: fullName,
  display_name: personName(users.firstName, users.lastName, users.email),
  email: users.email,
  groups: sql`(select ${jsonArray(sql`g.name`, sql`g.name`)} from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = ${users.id})`,
  institutions: sql`(select ${jsonArray(
    jsonObject({
      id: sql`i.id`,
      name: sql`i.name`,
      verified: sql`ui.verified`,
      primary: sql`ui."primary"`,
      joinder_date: isoTimestamp(sql`ui.joinder_date`),
    }),
    affiliationOrder,
  )} from ${affiliations})`,
  // The first affiliation's joinder (the primary one's, when there is one).
  joinder_signed: sql`coalesce((select ui.joinder_date is not null from ${affiliations} order by ${affiliationOrder} limit 1), false)`,
  active: users.isActive,
  verified: users.verified,
  last_login: isoTimestamp(users.lastLogin),
  created: isoTimestamp(users.created),
});

/** The users with these ids as the list's JSON array, in page order. */
export async function userPageJson(db: DbOrTx, ids: readonly number[]): Promise<string> {
  if (ids.length === 0) return '[]';
  const [row] = await prepared(db, 'user_page_json', (name) =>
    db
      .select({ json: pageJsonText(userRowJson) })
      .from(pageOfIds)
      .innerJoin(users, eq(users.id, sql`page.id`))
      .prepare(name),
  ).execute({ ids: [...ids] });
  return row!.json;
}
