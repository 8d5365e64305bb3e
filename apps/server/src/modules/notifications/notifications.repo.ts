import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { countMatching } from '../../platform/list';
import { groups, notifications, userGroups, users } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
type NewNotificationRow = typeof notifications.$inferInsert;

/** One user's notifications, newest first, and how many they have. */
export async function listFor(db: DbOrTx, recipientId: number, paging: { limit: number; offset: number }) {
  const where = eq(notifications.recipientId, recipientId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.created), desc(notifications.id))
      .limit(paging.limit)
      .offset(paging.offset),
    countMatching(db, notifications, where),
  ]);
  return { count: total, rows };
}

export async function findNotification(db: DbOrTx, id: number): Promise<NotificationRow | null> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row ?? null;
}

export async function deleteNotification(db: DbOrTx, id: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.id, id));
}

/** Writes notifications, answering their ids in order. */
export async function insertNotifications(db: DbOrTx, rows: NewNotificationRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(notifications).values(rows).returning({ id: notifications.id });
  return inserted.map((row) => row.id);
}

/** Which of these users exist and are active. */
export async function activeUserIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)));
  return new Set(rows.map((row) => row.id));
}

/** Which of these groups exist. */
export async function existingGroups(db: DbOrTx, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: groups.name })
    .from(groups)
    .where(inArray(groups.name, [...names]));
  return new Set(rows.map((row) => row.name));
}

/** The active members of these groups. */
export async function activeMemberIds(db: DbOrTx, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: userGroups.userId })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .innerJoin(users, eq(users.id, userGroups.userId))
    .where(and(inArray(groups.name, [...names]), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

export async function emailOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
