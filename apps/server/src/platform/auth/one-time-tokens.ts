import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { userTokens } from '../../db/schema';
import type { DbOrTx } from '../db/database';

export type TokenPurpose = (typeof userTokens.$inferInsert)['purpose'];

/** How long each kind of e-mailed link stays valid. */
const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': 3 * 24 * 60 * 60 * 1000,
  'verify-added-email': 3 * 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
  'confirm-email-change': 3 * 24 * 60 * 60 * 1000,
};

const digest = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** What a token is about beyond its user: the added address a `verify-added-email` link proves. */
export interface TokenScope {
  userEmailId?: number;
  /** How long this link stays valid, when not the purpose's usual time (a new account's first password). */
  lifetimeMs?: number;
}

/** A new single-use token for a user; only its hash is stored, the raw value goes in the e-mail. */
export async function issueOneTimeToken(
  tx: DbOrTx,
  userId: number,
  purpose: TokenPurpose,
  scope: TokenScope = {},
): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await tx.insert(userTokens).values({
    userId,
    purpose,
    userEmailId: scope.userEmailId ?? null,
    tokenHash: digest(raw),
    expiresAt: new Date(Date.now() + (scope.lifetimeMs ?? TOKEN_LIFETIME_MS[purpose])),
  });
  return raw;
}

export type ConsumedToken =
  | { status: 'ok'; userId: number; userEmailId: number | null }
  | { status: 'expired'; userId: number; userEmailId: number | null }
  | { status: 'other-user'; userId: number }
  /** Already used (or retired by a newer one): callers may say so, never act on it. */
  | { status: 'used'; userId: number }
  | { status: 'invalid' };

/**
 * Uses a token up: valid once, before it expires, for its purpose only. The row is locked so two
 * concurrent uses cannot both succeed. With `forUserId`, a token of another user is answered as
 * such and left unused (a link only that account may follow). Call inside the transaction that
 * acts on it.
 */
export async function consumeOneTimeToken(
  tx: DbOrTx,
  raw: string,
  purpose: TokenPurpose,
  forUserId?: number,
): Promise<ConsumedToken> {
  const [row] = await tx
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, digest(raw)), eq(userTokens.purpose, purpose)))
    .for('update');
  if (!row) return { status: 'invalid' };
  if (forUserId !== undefined && row.userId !== forUserId)
    return { status: 'other-user', userId: row.userId };
  if (row.usedAt !== null) return { status: 'used', userId: row.userId };
  const found = { userId: row.userId, userEmailId: row.userEmailId };
  if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired', ...found };
  await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, row.id));
  return { status: 'ok', ...found };
}

/**
 * Retires every unused token of this purpose, e.g. older reset links once a new one is sent;
 * with a scope, only those about that added address.
 */
export async function revokeOneTimeTokens(
  tx: DbOrTx,
  userId: number,
  purpose: TokenPurpose,
  scope: TokenScope = {},
): Promise<void> {
  const conditions: SQL[] = [
    eq(userTokens.userId, userId),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
  ];
  if (scope.userEmailId !== undefined) conditions.push(eq(userTokens.userEmailId, scope.userEmailId));
  await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(...conditions));
}
