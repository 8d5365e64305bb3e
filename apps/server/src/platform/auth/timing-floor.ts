import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long the public account calls (registration, password reset, resending a verification)
 * take at least. Their work differs a little with whether the e-mail has an account (a few more
 * rows written); answering no sooner than this keeps that difference from being timed.
 */
export const ACCOUNT_ANSWER_FLOOR_MS = 400;

/**
 * Runs `work` and settles no sooner than `floorMs` after it started, with its result or its
 * error, so the answer time says nothing about which path the work took.
 */
export async function withTimingFloor<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const floor = sleep(floorMs);
  try {
    return await work();
  } finally {
    await floor;
  }
}
