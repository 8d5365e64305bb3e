import type { Db } from '../db/database';
import { clearHits, countHit } from '../db/attempt-counters';
import { TooManyRequestsError } from '../http/errors';

class TooManyAttemptsError extends TooManyRequestsError {
  constructor(retryAt: Date) {
    super('Too many failed sign-in attempts. Please wait a few minutes and try again.', retryAt);
  }
}

/**
 * Sign-in attempts per account (its e-mail, from whatever address they come), in the database so
 * every server instance counts against one limit (decision 115). Each attempt is counted before
 * the password is checked, so concurrent guesses cannot slip past the limit; a correct password
 * clears the count, so people who sign in are never slowed down.
 */
export class SignInAttempts {
  constructor(
    private readonly db: Db,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private key(email: string): string {
    return `sign-in:${email.trim().toLowerCase()}`;
  }

  /** Counts an attempt on the account; refuses it when the account has failed too often lately. */
  async begin(email: string): Promise<void> {
    const { hits, resetAt } = await countHit(this.db, this.key(email), this.windowMs);
    if (hits > this.limit) throw new TooManyAttemptsError(resetAt);
  }

  /** The password was right: the account's count starts again. */
  async succeeded(email: string): Promise<void> {
    await clearHits(this.db, this.key(email));
  }
}
