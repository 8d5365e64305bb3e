import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { IDEMPOTENCY_MESSAGES, idempotencyKeySchema } from '@rrp/domain';
import type { Db, Tx } from '../db/database';
import { AppError } from './errors';
import { claimKey, deleteExpiredKeys, findLiveKey, storeAnswer, type KeyUse } from './idempotency-store';

/**
 * The request's key, taken in the write's transaction. `keep` stores the route's answer (its
 * success status and the body its response schema writes) in that same transaction and hands the
 * answer back: the write, the key and the answer commit together, so a retry always finds the
 * answer of the write it repeats, even when the process died before answering.
 */
interface IdempotencyClaim {
  keep<T>(tx: Tx, answer: T): Promise<T>;
}

/**
 * Called by the service as the first statement of the write's transaction: takes the request's
 * `Idempotency-Key`, so one key can never commit two writes. The service's last statement in
 * that transaction is `claim.keep(tx, answer)`.
 */
export type ClaimIdempotencyKey = (tx: Tx) => Promise<IdempotencyClaim>;

export interface IdempotencyOptions {
  db: Db;
  /**
   * A fault-injection point for the crash tests, set only by a test's own server entry: runs
   * once a claimed write has committed and before its answer is sent.
   */
  afterWriteCommitted?: (request: FastifyRequest) => void;
}

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

interface KeptAnswer {
  statusCode: number;
  body: string;
}
const claimed = new WeakMap<FastifyRequest, KeyUse>();
const kept = new WeakMap<FastifyRequest, KeptAnswer>();

/** The one success status an idempotent route declares: the status its kept answer carries. */
function successStatus(response: unknown): number | null {
  const codes = Object.keys((response as Record<string, unknown> | undefined) ?? {}).filter((code) =>
    /^2\d\d$/.test(code),
  );
  return codes.length === 1 ? Number(codes[0]) : null;
}

/**
 * `Idempotency-Key` on the writes that create things (decisions 121, 318): a client retrying
 * after a lost answer gets the first answer again instead of a second object. The key is claimed
 * and the answer kept in the write's transaction; the same key with another body or path is a
 * 422; keys live 24 hours.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: IdempotencyOptions) => {
  const { db } = opts;
  app.decorateRequest('idempotencyClaim', undefined);

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    if (route.schema?.headers) throw new Error(`${route.url}: idempotent routes take no other header schema`);
    if (successStatus(route.schema?.response) === null)
      throw new Error(`${route.url}: an idempotent route declares exactly one success response`);
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
      // Only a row written by a version that stored answers after commit can lack one (decision 318).
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
      return {
        async keep(keepTx, answer) {
          const statusCode = successStatus(request.routeOptions.schema?.response)!;
          // Written by the route's own response serializer, as the client will receive it.
          const serialized = reply.serializeInput(answer as Record<string, unknown>, String(statusCode));
          // The zod serializer writes a string; the type also allows bytes.
          const body =
            typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized as Uint8Array);
          await storeAnswer(keepTx, use, statusCode, body);
          kept.set(request, { statusCode, body });
          return answer;
        },
      };
    };
  });

  // After the handler: the write's transaction has committed (or rolled back, and this is an error).
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (!claimed.has(request) || reply.statusCode >= 300) return payload;
    opts.afterWriteCommitted?.(request);
    const answer = kept.get(request);
    if (answer && answer.statusCode === reply.statusCode) {
      // The first answer is byte for byte what a retry is sent.
      reply.serializer(() => answer.body);
    } else {
      request.log.error(
        { route: claimed.get(request)!.route },
        'idempotent write answered without keeping its answer in its transaction',
      );
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
