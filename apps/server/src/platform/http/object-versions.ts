import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { OBJECT_VERSION_MESSAGES, staleVersionSchema } from '@rrp/domain';
import type { Db, Tx } from '../db/database';
import { AppError, ValidationError } from './errors';
import { latestChange, lockRow, readVersion, type VersionSource } from './object-versions.repo';

export { versionSql, type VersionSource } from './object-versions.repo';

/** One entity tag of an `If-Match` list. A weak one never matches: If-Match compares strongly (RFC 9110 §13.1.1). */
interface EntityTag {
  weak: boolean;
  opaque: string;
}

/** `If-Match`: absent (`null`), `*` (any current version), or the versions the client accepts. */
export type IfMatch = null | '*' | EntityTag[];

const ENTITY_TAG = /\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)/y;

/** Parses `If-Match` (repeated headers are one list); anything else than `*` or entity tags is a 400. */
export function parseIfMatch(header: string | string[] | undefined): IfMatch {
  if (header === undefined) return null;
  const value = [header].flat().join(', ').trim();
  if (value === '*') return '*';
  const tags: EntityTag[] = [];
  ENTITY_TAG.lastIndex = 0;
  while (ENTITY_TAG.lastIndex < value.length) {
    const start = ENTITY_TAG.lastIndex;
    const found = ENTITY_TAG.exec(value);
    if (!found || ENTITY_TAG.lastIndex === start) {
      throw new ValidationError({ 'If-Match': [OBJECT_VERSION_MESSAGES.malformedIfMatch] });
    }
    tags.push({ weak: Boolean(found[1]), opaque: found[2]! });
  }
  if (tags.length === 0)
    throw new ValidationError({ 'If-Match': [OBJECT_VERSION_MESSAGES.malformedIfMatch] });
  return tags;
}

/** Whether the object's current version satisfies `If-Match` (a missing object satisfies none). */
export function satisfies(ifMatch: Exclude<IfMatch, null>, version: string | null): boolean {
  if (version === null) return false;
  return ifMatch === '*' || ifMatch.some((tag) => !tag.weak && tag.opaque === version);
}

/** The `ETag` of a version: strong, since it names the stored object's version and If-Match compares strongly. */
export const entityTag = (version: string) => `"${version}"`;

/**
 * A GET's answer with the version its statement read with it (`VersionSource.readWithAnswer`):
 * `null` when the path names no row by id (a dataset by its UUID).
 */
export class VersionedAnswer {
  constructor(
    readonly answer: unknown,
    readonly version: string | null,
  ) {}
}

/** Thrown inside a write's transaction when the object is not the version the client read. */
class StaleVersionSignal extends Error {}

/**
 * The write in progress of a request that sent `If-Match`. Every transaction the service opens
 * while it runs locks the object's row first and checks its version: the client's version in the
 * first, then the version the previous one left (so the service's own earlier write is no
 * conflict). Once the route has answered it is done, and later work on the same async path
 * (nothing should, but a queued task could) is left alone.
 */
interface Precondition {
  source: VersionSource;
  id: number;
  ifMatch: EntityTag[];
  /** The version the last checked transaction committed. */
  settled: string | null;
  done: boolean;
}

const writes = new AsyncLocalStorage<Precondition>();
const guarded = new WeakSet<Db>();

/**
 * Makes every `db.transaction` check the precondition of the write it runs for, so the check and
 * the write are one transaction with the row locked: two writes sent with the same version
 * cannot both pass. Outside a checked write it is the plain transaction.
 */
function guardTransactions(db: Db): void {
  if (guarded.has(db)) return;
  guarded.add(db);
  const plain = db.transaction.bind(db);
  const checked = <T>(run: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1]) => {
    const write = writes.getStore();
    if (!write || write.done) return plain(run, config);
    return plain(async (tx) => {
      await lockRow(tx, write.source, write.id);
      const version = await readVersion(tx, write.source, write.id);
      const accepted = write.settled === null ? satisfies(write.ifMatch, version) : version === write.settled;
      // A missing row is the service's own 404 to answer.
      if (version !== null && !accepted) throw new StaleVersionSignal();
      const result = await run(tx);
      write.settled = await readVersion(tx, write.source, write.id);
      return result;
    }, config);
  };
  db.transaction = checked as Db['transaction'];
}

/** The headers a client may send on a versioned write, for the OpenAPI document. */
/**
 * A versioned write's 412: a stale version, or an upload the virus scan refused (DESIGN.md §1: a
 * file's new bytes, `PATCH file/{id}/`), whose answer is the plain error envelope.
 */
const preconditionFailed = z.union([
  staleVersionSchema,
  z.object({ detail: z.string(), correlation_id: z.string() }),
]);

const ifMatchHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe('The ETag of the version the change is based on; a stale one answers 412 and changes nothing.'),
});

interface ObjectVersions {
  /**
   * A GET of the object: answers its `ETag`, read before the answer (so never newer than it), or
   * with it in one statement when the source says so.
   */
  read(
    request: FastifyRequest,
    reply: FastifyReply,
    source: VersionSource,
    handle: () => unknown,
  ): Promise<unknown>;
  /** A PATCH, PUT or DELETE of it: honours `If-Match`, answers the new `ETag`. */
  write(
    request: FastifyRequest,
    reply: FastifyReply,
    source: VersionSource,
    handle: () => unknown,
  ): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    objectVersions: ObjectVersions;
  }
  interface FastifyContextConfig {
    /** The object the route reads or writes has a version (`route({ version })`). */
    versioned?: 'read' | 'write';
  }
}

const idOf = (request: FastifyRequest) => Number((request.params as { id: string | number }).id);

/** The row a read names by its id; null when the path names it otherwise (a dataset by its UUID). */
function rowIdOf(request: FastifyRequest): number | null {
  const id = idOf(request);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * Versions of objects (DESIGN.md §1, issue 33): `ETag` on the GET of an object, `If-Match` on its
 * writes; a stale version answers 412 with the object as its GET answers it now and who changed
 * it when, and nothing changes. Without `If-Match`, or with `*`, a write runs as before.
 */
export const objectVersionsPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;
  guardTransactions(db);

  app.addHook('onRoute', (route) => {
    if (route.config?.versioned !== 'write') return;
    if (route.schema?.headers) throw new Error(`${route.url}: versioned writes take no other header schema`);
    route.schema = {
      ...route.schema,
      headers: ifMatchHeaders,
      response: { ...(route.schema?.response as object | undefined), 412: preconditionFailed },
    };
  });

  async function stale(request: FastifyRequest, reply: FastifyReply, source: VersionSource, id: number) {
    // The object as this caller's GET answers it: the same shape, fields and permissions.
    const read = await app.inject({
      method: 'GET',
      url: request.url,
      headers: Object.fromEntries(
        (['authorization', 'cookie'] as const).flatMap((name) =>
          request.headers[name] ? [[name, request.headers[name]]] : [],
        ),
      ),
    });
    const etag = read.headers.etag;
    if (typeof etag === 'string') reply.header('ETag', etag);
    const change = source.history ? await latestChange(db, source.history, id) : null;
    return new AppError(412, OBJECT_VERSION_MESSAGES.stale, {
      detail: OBJECT_VERSION_MESSAGES.stale,
      current: read.statusCode === 200 ? read.json() : null,
      changed_by:
        change?.modifier_id != null ? { id: change.modifier_id, display_name: change.display_name } : null,
      changed_at: change?.modified ?? null,
    });
  }

  app.decorate('objectVersions', {
    async read(request, reply, source, handle) {
      if (source.readWithAnswer) {
        const read = await handle();
        if (!(read instanceof VersionedAnswer)) throw new Error(`${request.url}: the answer read no version`);
        if (read.version !== null) reply.header('ETag', entityTag(read.version));
        return read.answer;
      }
      // A dataset read by its UUID answers its latest version, which has no tag of its own to give.
      const id = rowIdOf(request);
      const version = id === null ? null : await readVersion(db, source, id);
      const answer = await handle();
      if (version !== null) reply.header('ETag', entityTag(version));
      return answer;
    },

    async write(request, reply, source, handle) {
      const id = idOf(request);
      const ifMatch = parseIfMatch(request.headers['if-match']);
      let answer: unknown;
      let settled: string | null = null;
      // `*` asks only that the object exists: the service answers 404 when it does not.
      if (ifMatch === null || ifMatch === '*') {
        answer = await handle();
      } else {
        // Refused before the service runs when it is stale already; checked again in its transaction.
        const version = await readVersion(db, source, id);
        if (version !== null && !satisfies(ifMatch, version)) throw await stale(request, reply, source, id);
        const write: Precondition = { source, id, ifMatch, settled: null, done: false };
        try {
          answer = await writes.run(write, handle);
        } catch (error) {
          if (error instanceof StaleVersionSignal) throw await stale(request, reply, source, id);
          throw error;
        } finally {
          write.done = true;
        }
        settled = write.settled;
      }
      if (request.method !== 'DELETE') {
        const version = settled ?? (await readVersion(db, source, id));
        if (version !== null) reply.header('ETag', entityTag(version));
      }
      return answer;
    },
  } satisfies ObjectVersions);
});
