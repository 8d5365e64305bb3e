import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { prepared } from '../../platform/db/prepared';
import { userEmails, userInstitutions, users } from '../../db/schema';
import { abnApprovedOfUserRow } from '../tissue/tissue-access.service';
import type { UserRow } from './accounts.repo';

export interface SessionProfileRow {
  user: UserRow;
  /** The current primary affiliation (not removed), if any. */
  institution: { id: number; institutionId: number } | null;
  /** The user's further addresses that count: the verified ones. */
  verifiedEmails: string[];
  abnApproved: boolean;
}

/**
 * What GET user/me/ shows besides the session, in one prepared statement: the call every screen
 * makes first pays one round trip and one connection, not four (issue 32).
 */
export async function sessionProfile(db: DbOrTx, userId: number): Promise<SessionProfileRow | null> {
  const [row] = await prepared(db, 'session_profile', (name) =>
    db
      .select({
        user: users,
        institutionId: sql<number | null>`${userInstitutions.institutionId}`,
        userInstitutionId: sql<number | null>`${userInstitutions.id}`,
        verifiedEmails: sql<string[]>`coalesce((
          select array_agg(${userEmails.email} order by ${userEmails.id}) from ${userEmails}
          where ${userEmails.userId} = ${users.id} and ${userEmails.verifiedAt} is not null), '{}')`,
        abnApproved: abnApprovedOfUserRow(),
      })
      .from(users)
      .leftJoin(
        userInstitutions,
        sql`${userInstitutions.id} = (
          select ${userInstitutions.id} from ${userInstitutions}
          where ${userInstitutions.userId} = ${users.id} and ${userInstitutions.primary}
            and ${userInstitutions.removalReason} is null
          order by ${userInstitutions.id} limit 1)`,
      )
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id: userId });
  if (!row) return null;
  const { user, institutionId, userInstitutionId, verifiedEmails, abnApproved } = row;
  return {
    user,
    institution:
      userInstitutionId === null || institutionId === null ? null : { id: userInstitutionId, institutionId },
    verifiedEmails,
    abnApproved: abnApproved === true,
  };
}
