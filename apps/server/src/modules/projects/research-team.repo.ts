import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { updateRow } from '../../platform/db/rows';
import {
  files,
  institutions,
  researchTeamMembers,
  userEmails,
  userInstitutions,
  users,
} from '../../db/schema';
import { visibleTo } from './project-access.repo';

export type TeamMemberRow = typeof researchTeamMembers.$inferSelect;
export type NewTeamMember = typeof researchTeamMembers.$inferInsert;

/**
 * The account of a team row: the one linked when the row was saved, else the account that has
 * since been registered with the row's e-mail address.
 */
export const memberUserIdSql = sql<
  number | null
>`coalesce(${researchTeamMembers.userId}, (select u.id from ${users} u where lower(u.email) = lower(${researchTeamMembers.email})))`;

/** Which of these institution ids exist. */
export async function existingInstitutions(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(inArray(institutions.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/**
 * Accounts matching these e-mail addresses, keyed by lower-case e-mail: the e-mail of a verified
 * account, or a further address its owner verified. An address nobody proved binds nothing
 * (decision 107): anyone can type someone else's address into their profile.
 */
export async function usersByEmail(db: DbOrTx, emails: readonly string[]): Promise<Map<string, number>> {
  const lower = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  if (lower.length === 0) return new Map();
  const [primary, additional] = await Promise.all([
    db
      .select({ id: users.id, email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(and(inArray(sql`lower(${users.email})`, lower), eq(users.verified, true))),
    db
      .select({ id: userEmails.userId, email: sql<string>`lower(${userEmails.email})` })
      .from(userEmails)
      .where(and(inArray(sql`lower(${userEmails.email})`, lower), isNotNull(userEmails.verifiedAt))),
  ]);
  const found = new Map<string, number>();
  for (const row of [...additional, ...primary]) found.set(row.email, row.id);
  return found;
}

/** The current (not removed) team rows of a project, PI first. */
export async function currentTeam(db: DbOrTx, projectId: number): Promise<TeamMemberRow[]> {
  return db
    .select()
    .from(researchTeamMembers)
    .where(and(eq(researchTeamMembers.projectId, projectId), isNull(researchTeamMembers.removalDate)))
    .orderBy(asc(researchTeamMembers.userRole), asc(researchTeamMembers.id));
}

export async function insertMembers(
  db: DbOrTx,
  values: (typeof researchTeamMembers.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await db.insert(researchTeamMembers).values(values);
}

export async function updateMember(db: DbOrTx, id: number, values: Partial<NewTeamMember>): Promise<void> {
  await updateRow(db, researchTeamMembers, id, values);
}

export async function removeMembers(db: DbOrTx, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(researchTeamMembers)
    .set({ removalDate: at, modified: at })
    .where(inArray(researchTeamMembers.id, [...ids]));
}

/** The institution a member works at: the row's own, else the account's primary affiliation. */
export const effectiveInstitution = sql<
  number | null
>`coalesce(${researchTeamMembers.institutionId}, (select ui.institution_id from ${userInstitutions} ui where ui.user_id = ${memberUserIdSql} and ui.primary and ui.removal_reason is null order by ui.id limit 1))`;

/** The member's current affiliation with the institution they work at (joinder, verification). */
const memberAffiliation = (column: string) =>
  sql`(select ui.${sql.raw(column)} from ${userInstitutions} ui where ui.user_id = ${memberUserIdSql} and ui.institution_id = ${effectiveInstitution} and ui.removal_reason is null order by ui.id limit 1)`;

/** When the member signed the joinder of that affiliation. */
export const memberJoinderDate = memberAffiliation('joinder_date');

/** Whether that affiliation is verified. */
export const memberVerified = sql<boolean>`coalesce(${memberAffiliation('verified')}, false)`;

/** The status of the RDA of the institution the member works at. */
export const memberRdaStatus = sql<
  number | null
>`(select (f.additional_data ->> 'status')::int from ${institutions} i join ${files} f on f.id = i.current_rda_id where i.id = ${effectiveInstitution})`;

/** The team rows a non-staff reader sees: the current rows of the projects they may see. */
export function currentRowsVisibleTo(userId: number) {
  return and(visibleTo(userId, researchTeamMembers.projectId), isNull(researchTeamMembers.removalDate));
}

/**
 * Links the current, unclaimed team rows invited by this e-mail address to the account
 * (decision 092); answers the rows claimed.
 */
export async function claimRowsByEmail(db: DbOrTx, user: { id: number; email: string }) {
  return db
    .update(researchTeamMembers)
    .set({ userId: user.id })
    .where(
      and(
        isNull(researchTeamMembers.userId),
        isNull(researchTeamMembers.removalDate),
        sql`lower(${researchTeamMembers.email}) = lower(${user.email})`,
      ),
    )
    .returning();
}
