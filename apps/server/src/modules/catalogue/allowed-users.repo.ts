import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { anyOfIds, prepared } from '../../platform/db/prepared';
import { datasetAllowedUsers, sampleTypeAllowedUsers, users } from '../../db/schema';

/**
 * The allowed users of restricted resources (datasets and sample types alike): one table per kind,
 * each linking a resource to user accounts.
 */
const ALLOWED_USERS = {
  dataset: {
    table: datasetAllowedUsers,
    owner: datasetAllowedUsers.datasetId,
    row: (datasetId: number, userId: number) => ({ datasetId, userId }),
  },
  sampleType: {
    table: sampleTypeAllowedUsers,
    owner: sampleTypeAllowedUsers.sampleTypeId,
    row: (sampleTypeId: number, userId: number) => ({ sampleTypeId, userId }),
  },
} as const;
export type RestrictedKind = keyof typeof ALLOWED_USERS;

/**
 * Resource id -> the e-mail addresses of its allowed users, alphabetically; with `onlyUserId`, just
 * that user's address where they are on the list.
 */
export async function allowedUsersOf(
  db: DbOrTx,
  kind: RestrictedKind,
  ids: readonly number[],
  onlyUserId?: number,
) {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const { table, owner } = ALLOWED_USERS[kind];
  const one = onlyUserId !== undefined;
  const rows = await prepared(db, `allowed_users_${kind}_${one ? 'one' : 'all'}`, (name) =>
    db
      .select({ ownerId: owner, email: users.email })
      .from(table)
      .innerJoin(users, eq(users.id, table.userId))
      .where(and(anyOfIds(owner), one ? eq(table.userId, sql.placeholder('userId')) : undefined))
      .orderBy(asc(users.email))
      .prepare(name),
  ).execute({ ids: [...ids], userId: onlyUserId });
  for (const row of rows) {
    const emails = map.get(row.ownerId);
    if (emails) emails.push(row.email);
    else map.set(row.ownerId, [row.email]);
  }
  return map;
}

export async function allowedUserIdsOf(db: DbOrTx, kind: RestrictedKind, id: number): Promise<number[]> {
  const { table, owner } = ALLOWED_USERS[kind];
  const rows = await db.select({ userId: table.userId }).from(table).where(eq(owner, id));
  return rows.map((row) => row.userId);
}

/** Replaces a resource's allowed users. */
export async function setAllowedUsers(
  db: DbOrTx,
  kind: RestrictedKind,
  id: number,
  userIds: readonly number[],
) {
  const { table, owner, row } = ALLOWED_USERS[kind];
  await db.delete(table).where(eq(owner, id));
  if (userIds.length > 0) await db.insert(table).values(userIds.map((userId) => row(id, userId)));
}
