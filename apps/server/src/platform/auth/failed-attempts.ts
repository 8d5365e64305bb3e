import { AppError } from '../http/errors';

export class TooManyAttemptsError extends AppError {
  constructor() {
    super(429, 'Too many failed sign-in attempts. Please wait a few minutes and try again.');
  }
}

/**
 * Counts failed sign-ins per key (client address and e-mail) in a sliding window, so guessing
 * passwords is stopped while people who sign in successfully are never slowed down. Kept in
 * memory: each server instance counts its own attempts.
 */
export class FailedAttempts {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.attempts.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (kept.length) this.attempts.set(key, kept);
    else this.attempts.delete(key);
    return kept;
  }

  /** Refuses the attempt outright when the key has failed too often lately. */
  check(key: string, now = Date.now()): void {
    if (this.recent(key, now).length >= this.limit) throw new TooManyAttemptsError();
  }

  fail(key: string, now = Date.now()): void {
    this.attempts.set(key, [...this.recent(key, now), now]);
  }

  clear(key: string): void {
    this.attempts.delete(key);
  }
}
