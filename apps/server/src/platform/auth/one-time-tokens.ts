import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { userTokens } from '../../db/schema';
import type { DbOrTx } from '../db/database';

export type TokenPurpose = (typeof userTokens.$inferInsert)['purpose'];

/** How long each kind of e-mailed link stays valid. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': 3 * 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

const digest = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** A new single-use token for a user; only its hash is stored, the raw value goes in the e-mail. */
export async function issueOneTimeToken(tx: DbOrTx, userId: number, purpose: TokenPurpose): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await tx.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: digest(raw),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return raw;
}

export type ConsumedToken =
  | { status: 'ok'; userId: number }
  | { status: 'expired'; userId: number }
  /** Already used (or retired by a newer one): callers may say so, never act on it. */
  | { status: 'used'; userId: number }
  | { status: 'invalid' };

/**
 * Uses a token up: valid once, before it expires, for its purpose only. The row is locked so two
 * concurrent uses cannot both succeed. Call inside the transaction that acts on it.
 */
export async function consumeOneTimeToken(
  tx: DbOrTx,
  raw: string,
  purpose: TokenPurpose,
): Promise<ConsumedToken> {
  const [row] = await tx
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, digest(raw)), eq(userTokens.purpose, purpose)))
    .for('update');
  if (!row) return { status: 'invalid' };
  if (row.usedAt !== null) return { status: 'used', userId: row.userId };
  if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired', userId: row.userId };
  await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, row.id));
  return { status: 'ok', userId: row.userId };
}

/** Retires every unused token of this purpose, e.g. older reset links once a new one is sent. */
export async function revokeOneTimeTokens(tx: DbOrTx, userId: number, purpose: TokenPurpose): Promise<void> {
  await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}
