import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/*
 * Whose a research-team row is: the account linked when the row was saved or, for a member invited
 * by e-mail who has registered since, the account with that e-mail. Every "on the team" test reads
 * the team row as `tm` through these, so that the rule has one place.
 */

/** The team row `tm` is the user's, by account or by e-mail. */
export function teamRowIsUsers(userId: number | Placeholder): SQL<boolean> {
  return sql<boolean>`(tm.user_id = ${userId} or (tm.user_id is null and lower(tm.email) = (select lower(u.email) from users u where u.id = ${userId})))`;
}

/** The team row `tm` gives the user access now: theirs, not removed and active (the PI's row too). */
export function teamRowGivesAccess(userId: number | Placeholder): SQL<boolean> {
  return sql<boolean>`tm.removal_date is null and tm.active and ${teamRowIsUsers(userId)}`;
}
