import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenClaims {
  user_id: number;
  email: string;
  exp: number;
}

/** Signs and verifies the session JWT (HS256) the spec's token flow uses. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(user: { id: number; email: string }): Promise<string> {
    return new SignJWT({ user_id: user.id, email: user.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${this.ttlMinutes}m`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.user_id !== 'number' || typeof payload.email !== 'string' || !payload.exp)
        return null;
      return { user_id: payload.user_id, email: payload.email, exp: payload.exp };
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
