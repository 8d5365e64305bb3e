import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { IrbRecordDto } from '@rrp/domain';

/*
 * What the projects and requests modules both read of a project: whose a research-team row is, and
 * how an IRB record is shown. It sits below both, so that neither imports the other for it.
 */

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

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** A project's IRB record as every module shows it (the request's `project.latest_irb` too). */
export function presentIrb(file: {
  id: number;
  name: string;
  additionalData: Record<string, unknown>;
  created: Date;
}): IrbRecordDto {
  const data = file.additionalData;
  const designation = Number(data.designation);
  return {
    id: file.id,
    name: file.name,
    designation: designation === 1 || designation === 2 ? designation : null,
    approval_date: text(data.approval_date),
    renewal_date: text(data.renewal_date),
    assurance_number: text(data.assurance_number),
    created: file.created.toISOString(),
  };
}
