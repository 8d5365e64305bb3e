import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database';
import { countHit, sweepEndedWindows } from '../db/attempt-counters';

/**
 * Per client address and minute, counted in the database for every instance (decision 115):
 * sign-in, and the public forms that send e-mail (registration, reset, feedback). DESIGN.md asks
 * for rate limits on sign-in, registration and reset; sign-in also counts failed attempts per
 * account (session.service), which is what stops guessing.
 */
export const RATE_LIMITS = {
  signIn: { max: 60, timeWindow: '1 minute' },
  publicEmail: { max: 20, timeWindow: '1 minute' },
} as const;

/** How often ended windows are deleted. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (`attempt_counters`), so the limit of
 * a route holds across every server instance rather than per process (decision 115).
 */
function databaseStore(db: Db, prefix = 'rate:'): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countHit(db, `${prefix}${key}`, timeWindow).then(
        ({ hits, resetAt }) =>
          callback(null, { current: hits, ttl: Math.max(0, resetAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    child(route: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // @fastify/rate-limit hands each route's merged options, with the route under `routeInfo`.
      const { routeInfo } = route as { routeInfo?: { method?: string | string[]; url?: string } };
      const Child = databaseStore(db, `${prefix}${String(routeInfo?.method)} ${routeInfo?.url}:`);
      return new Child({});
    }
  }
  return DatabaseStore;
}

/**
 * Per-route rate limits (`config.rateLimit`), keyed by the client address Fastify resolved (so
 * forwarded headers count only from TRUST_PROXY's proxies) and counted in the shared database.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  await app.register(rateLimit, { global: false, store: databaseStore(opts.db) });
  const sweep = setInterval(() => {
    sweepEndedWindows(opts.db).catch((error: unknown) =>
      app.log.warn({ error: (error as Error).message }, 'rate-limit sweep failed'),
    );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', () => clearInterval(sweep));
});
