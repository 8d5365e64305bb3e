import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secret in a calendar feed's address (decision in issue 33): the HMAC-SHA-256 of the server's
 * key and a random 256-bit nonce kept with the feed, written base64url (43 characters, 256 bits).
 * The database keeps the nonce and the secret's SHA-256, never the secret: a copy of the database
 * alone opens no feed, and the owner can still be shown their address. The key is derived from the
 * server secret for this one use, so a feed's secret says nothing about the sign-in tokens.
 */
export interface FeedSecrets {
  /** A fresh nonce and the secret and hash it gives, for a new or regenerated feed. */
  fresh(): { nonce: string; secret: string; hash: string };
  /** The secret a stored nonce gives (to show the address again). */
  secretOf(nonce: string): string;
  /** What is stored to find a feed by its secret. */
  hashOf(secret: string): string;
  /** Whether a presented secret is the one the nonce gives (the key may have changed since). */
  matches(nonce: string, secret: string): boolean;
}

/** How a secret looks: 43 base64url characters. Anything else is no feed. */
export const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function feedSecrets(serverSecret: string): FeedSecrets {
  const key = createHmac('sha256', serverSecret).update('rrp calendar feed key v1').digest();
  const secretOf = (nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');
  const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');
  return {
    fresh() {
      const nonce = randomBytes(32).toString('base64url');
      const secret = secretOf(nonce);
      return { nonce, secret, hash: hashOf(secret) };
    },
    secretOf,
    hashOf,
    matches(nonce, secret) {
      const expected = Buffer.from(secretOf(nonce));
      const given = Buffer.from(secret);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
