import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { IDEMPOTENCY_MESSAGES, idempotencyKeySchema } from '@rrp/domain';
import type { Db, Tx } from '../db/database';
import { AppError } from './errors';
import { claimKey, deleteExpiredKeys, findLiveKey, storeAnswer, type KeyUse } from './idempotency-store';

/**
 * Called by the service as the first statement of the write's transaction: takes the request's
 * `Idempotency-Key`, so one key can never commit two writes.
 */
export type ClaimIdempotencyKey = (tx: Tx) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route accepts an `Idempotency-Key` header; its service calls `request.idempotencyClaim`. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set on an idempotent route when the request carries a key not seen before. */
    idempotencyClaim: ClaimIdempotencyKey | undefined;
  }
}

/** Documented in the OpenAPI description and validated like every other input (a 400 per field). */
const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

/** The body's hash, in a form that does not depend on the order of its keys. */
export function bodyHash(body: unknown): string {
  const canonical = JSON.stringify(body ?? null, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** Paths are served with and without their trailing slash: one key for both spellings. */
const withTrailingSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

const REPLAYED_HEADER = 'idempotent-replayed';
const claimed = new WeakMap<FastifyRequest, KeyUse>();

/**
 * `Idempotency-Key` on the writes that create things (decision 121): a client retrying after a
 * lost answer gets the first answer again instead of a second object. The key is claimed in the
 * write's transaction and its answer stored right after; the same key with another body or path
 * is a 422; keys live 24 hours.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  app.decorateRequest('idempotencyClaim', undefined);

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    if (route.schema?.headers) throw new Error(`${route.url}: idempotent routes take no other header schema`);
    route.schema = { ...route.schema, headers: idempotencyHeaders };
  });

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (!request.routeOptions.config.idempotent || typeof key !== 'string' || !request.actor) return;
    const use: KeyUse = {
      userId: request.actor.userId,
      key,
      route: `${request.method} ${withTrailingSlash(request.url.split('?', 1)[0]!)}`,
      bodyHash: bodyHash(request.body),
    };
    const found = await findLiveKey(db, use.userId, key);
    if (found) {
      if (found.route !== use.route || found.bodyHash !== use.bodyHash) {
        throw new AppError(422, IDEMPOTENCY_MESSAGES.keyReused);
      }
      if (found.statusCode === null || found.response === null) {
        throw new AppError(409, IDEMPOTENCY_MESSAGES.answerLost);
      }
      return reply
        .status(found.statusCode)
        .header(REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(found.response);
    }
    request.idempotencyClaim = async (tx) => {
      if (!(await claimKey(tx, use))) throw new AppError(409, IDEMPOTENCY_MESSAGES.inProgress);
      claimed.set(request, use);
    };
  });

  // Kept as the route's serializer writes it, before anything (compression) changes the bytes.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const use = claimed.get(request);
    // Only successes are kept: a refused write committed nothing, and may be sent again as is.
    if (!use || reply.statusCode >= 300) return payload;
    try {
      const serialized = reply.serialize(payload);
      // The zod serializer writes a string; the type also allows bytes.
      const body = typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized);
      await storeAnswer(db, use, reply.statusCode, body);
    } catch (error) {
      // The write is done; a retry is then told its answer was lost rather than writing twice.
      request.log.warn({ error: (error as Error).message }, 'idempotency answer not stored');
    }
    return payload;
  });

  // Expired keys are removed hourly by whichever instance runs this.
  let purge: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    purge = setInterval(() => void deleteExpiredKeys(db).catch(() => undefined), 3_600_000);
    purge.unref();
  });
  app.addHook('onClose', async () => clearInterval(purge));
});
