import { and, eq } from 'drizzle-orm';
import type { RoleKey } from '@rrp/domain';
import { calendarFeeds, groups, userGroups, users } from '../../db/schema';
import type { DbOrTx } from '../../platform/db/database';

/** A user's calendar feed and who owns it (decision in issue 33: the secret is never stored). */

export type FeedRow = typeof calendarFeeds.$inferSelect;

export async function findFeed(db: DbOrTx, userId: number): Promise<FeedRow | null> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** Makes the user's feed, or gives it a new nonce: the previous address stops at once. */
export async function upsertFeed(
  db: DbOrTx,
  row: { userId: number; nonce: string; tokenHash: string; created: Date },
): Promise<FeedRow> {
  const [saved] = await db
    .insert(calendarFeeds)
    .values(row)
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { nonce: row.nonce, tokenHash: row.tokenHash, created: row.created },
    })
    .returning();
  return saved!;
}

export async function deleteFeed(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The feed a secret's hash opens, with its owner's roles, while the owner's account is active. */
export async function feedOwnerByHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ userId: number; nonce: string; roles: RoleKey[] } | null> {
  const rows = await db
    .select({ userId: calendarFeeds.userId, nonce: calendarFeeds.nonce, role: groups.name })
    .from(calendarFeeds)
    .innerJoin(users, and(eq(users.id, calendarFeeds.userId), eq(users.isActive, true)))
    .leftJoin(userGroups, eq(userGroups.userId, users.id))
    .leftJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  const [first] = rows;
  if (!first) return null;
  return {
    userId: first.userId,
    nonce: first.nonce,
    roles: rows.flatMap((row) => (row.role ? [row.role as RoleKey] : [])),
  };
}
