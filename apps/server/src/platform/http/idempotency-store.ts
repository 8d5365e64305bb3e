import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../db/schema';
import type { Db, Tx } from '../db/database';

/** How long a key answers retries; after that it may be used again. */
const KEY_TTL_HOURS = 24;

const expired = lte(idempotencyKeys.created, sql`now() - make_interval(hours => ${KEY_TTL_HOURS})`);
const live = gt(idempotencyKeys.created, sql`now() - make_interval(hours => ${KEY_TTL_HOURS})`);

export interface KeyUse {
  userId: number;
  key: string;
  route: string;
  bodyHash: string;
}

export async function findLiveKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), live));
  return row ?? null;
}

/**
 * Takes the key inside the write's transaction (an expired row of the same key is replaced).
 * False when a live row exists: another request with this key committed first, or is in the
 * middle of it (the insert waits for that one's transaction and then finds its row).
 */
export async function claimKey(tx: Tx, use: KeyUse): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values(use)
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        route: use.route,
        bodyHash: use.bodyHash,
        statusCode: null,
        response: null,
        created: sql`now()`,
      },
      setWhere: expired,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** The answer of the write that claimed the key, kept for retries in the write's transaction. */
export async function storeAnswer(
  tx: Tx,
  use: Pick<KeyUse, 'userId' | 'key'>,
  statusCode: number,
  response: string,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.userId, use.userId), eq(idempotencyKeys.key, use.key)));
}

export async function deleteExpiredKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(expired);
}
