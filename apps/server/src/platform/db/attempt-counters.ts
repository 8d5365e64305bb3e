import { eq, lte, sql } from 'drizzle-orm';
import { attemptCounters } from '../../db/schema';
import type { Db } from './database';

/**
 * Fixed-window counters in the database (`attempt_counters`), shared by every server instance.
 * Each call is one statement, atomic on its own; the database's clock decides windows, so
 * instances with drifting clocks agree.
 */

/** Counts one hit for the key; a hit after the window ended starts a new window. */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ hits: number; resetAt: Date }> {
  const expired = sql`${attemptCounters.resetAt} <= now()`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, hits: 1, resetAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${attemptCounters.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${attemptCounters.resetAt} end`,
      },
    })
    .returning({ hits: attemptCounters.hits, resetAt: attemptCounters.resetAt });
  return row!;
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
}

/** Forgets windows that have ended, so keys seen once do not pile up. */
export async function sweepEndedWindows(db: Db): Promise<void> {
  await db.delete(attemptCounters).where(lte(attemptCounters.resetAt, sql`now()`));
}
