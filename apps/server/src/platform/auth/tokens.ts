import { LRUCache } from 'lru-cache';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export interface TokenClaims {
  user_id: number;
  email: string;
  exp: number;
  /** The user's token version when issued; logout and password reset bump it. */
  ver: number;
  /** While impersonating: the id of the staff member acting as this user. */
  imp?: number;
  /** ... and their token version: their own logout or password reset ends it too. */
  imp_ver?: number;
}

export interface TokenSubject {
  id: number;
  email: string;
  tokenVersion: number;
}

/**
 * Signs and verifies the session JWT (HS256) the spec's token flow uses. Every authenticated call
 * verifies its token (issue 32): the key is imported once, not per call, and a token already found
 * well-signed is known by its exact text until it expires.
 */
export class TokenService {
  private readonly key: Promise<HmacKey>;
  private readonly verified = new LRUCache<string, TokenClaims>({ max: 10_000 });

  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /** A session token for `user`; with `impersonator`, one that staff member acts through. */
  async issue(user: TokenSubject, impersonator?: TokenSubject): Promise<string> {
    return new SignJWT({
      user_id: user.id,
      email: user.email,
      ver: user.tokenVersion,
      ...(impersonator ? { imp: impersonator.id, imp_ver: impersonator.tokenVersion } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${this.ttlMinutes}m`)
      .sign(await this.key);
  }

  /** The claims of a well-signed, unexpired token, or null. Revocation is checked by the caller. */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) return known.exp * 1000 > Date.now() ? known : null;
    const claims = await this.verifySignature(token);
    if (claims) this.verified.set(token, claims);
    return claims;
  }

  private async verifySignature(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const { user_id, email, exp, ver, imp, imp_ver } = payload;
      if (typeof user_id !== 'number' || typeof email !== 'string' || typeof exp !== 'number') return null;
      if (typeof ver !== 'number') return null;
      const claims = { user_id, email, exp, ver };
      if (imp === undefined) return claims;
      // An impersonation names the staff member and their token version, or is no token at all.
      if (typeof imp !== 'number' || typeof imp_ver !== 'number') return null;
      return { ...claims, imp, imp_ver };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/** `Authorization: JWT <token>` (the spec's form) or `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:JWT|Bearer)\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
