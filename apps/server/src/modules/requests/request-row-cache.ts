import type { DbOrTx } from '../../platform/db/database';
import { ListeningCache } from '../../platform/db/listening-cache';
import { DB_CHANNELS, type Listen } from '../../platform/db/notifications';
import type { RequestPageRow } from './request-page.repo';

/*
 * The request rows this process has had PostgreSQL write as JSON (issue 32, decision 440), kept
 * until a write to anything the page statement reads NOTIFYs it (migration 0035): a row is then
 * written again on its next read, whoever wrote — an API call, the CLI, SQL or another instance.
 * A row is kept per request and variant (the statement's shape, the caller and the kind of
 * caller: the row carries the caller's permissions, facts and review), so no caller is handed
 * another's row. Only reads on the handle the cache was opened for use it: a transaction reads
 * its own writes, which no other connection has seen or been told of yet.
 */

/**
 * Rows kept at most, and what they weigh together (characters of JSON): a working set of screens'
 * pages (a row is 1.5–3 kB), not the table, beside a heap of ~160 MB under load.
 */
const MAX_ROWS = 5_000;
const MAX_CHARACTERS = 6_000_000;
/** What a kept row costs beyond its texts: its facts, its key and the indexes' entries. */
const ROW_OVERHEAD = 400;

/** `{request id}|{variant}`. */
type RowKey = string;
const requestOf = (key: RowKey) => Number.parseInt(key, 10);

class RequestRowCache {
  /** The kept keys of each request, and the kept requests of each project, to forget them by id. */
  private readonly keysOfRequest = new Map<number, Set<RowKey>>();
  private readonly requestsOfProject = new Map<number, Set<number>>();
  readonly rows = new ListeningCache<RowKey, RequestPageRow>(
    DB_CHANNELS.requestRows,
    (payload) => this.keysNamedBy(payload),
    {
      max: MAX_ROWS,
      ttlMs: 60_000,
      maxSize: MAX_CHARACTERS,
      sizeOf: (row) => row.head.length + row.tail.length + ROW_OVERHEAD,
      kept: (key, row) => this.index(key, row),
      gone: (key, row) => this.unindex(key, row),
    },
  );

  /** The keys a notification's payload names: 'r:<request id>', 'p:<project id>' or '*'. */
  private keysNamedBy(payload: string): readonly RowKey[] | 'all' {
    const id = Number(payload.slice(2));
    if (payload.startsWith('r:')) return [...(this.keysOfRequest.get(id) ?? [])];
    if (payload.startsWith('p:'))
      return [...(this.requestsOfProject.get(id) ?? [])].flatMap((request) => [
        ...(this.keysOfRequest.get(request) ?? []),
      ]);
    return 'all';
  }

  private index(key: RowKey, row: RequestPageRow) {
    const request = requestOf(key);
    const keys = this.keysOfRequest.get(request) ?? new Set();
    this.keysOfRequest.set(request, keys.add(key));
    const requests = this.requestsOfProject.get(row.projectId) ?? new Set();
    this.requestsOfProject.set(row.projectId, requests.add(request));
  }

  private unindex(key: RowKey, row: RequestPageRow) {
    const request = requestOf(key);
    const keys = this.keysOfRequest.get(request);
    keys?.delete(key);
    if (keys?.size) return;
    this.keysOfRequest.delete(request);
    const requests = this.requestsOfProject.get(row.projectId);
    requests?.delete(request);
    if (requests?.size === 0) this.requestsOfProject.delete(row.projectId);
  }
}

const cachesByHandle = new WeakMap<DbOrTx, RequestRowCache>();

/** Keeps the request rows read on `db` from now on; resolves to the stop. */
export async function keepRequestRows(db: DbOrTx, listen: Listen): Promise<() => Promise<void>> {
  const cache = new RequestRowCache();
  const unsubscribe = await cache.rows.subscribe(listen);
  cachesByHandle.set(db, cache);
  return async () => {
    cachesByHandle.delete(db);
    await unsubscribe();
  };
}

/**
 * The rows of these ids for this variant, in the ids' order: the kept ones, and the others read
 * by `read` in one statement (and kept). A handle with no cache reads them all.
 */
export async function keptRequestRows(
  db: DbOrTx,
  ids: readonly number[],
  variant: string,
  read: (ids: number[]) => Promise<RequestPageRow[]>,
): Promise<RequestPageRow[]> {
  const cache = cachesByHandle.get(db);
  if (!cache) return read([...ids]);
  const keyOf = (id: number): RowKey => `${id}|${variant}`;
  const rows = await cache.rows.getMany(ids.map(keyOf), async (missing) => {
    const fresh = await read(missing.map(requestOf));
    return new Map(fresh.map((row) => [keyOf(row.id), row]));
  });
  return ids.flatMap((id) => rows.get(keyOf(id)) ?? []);
}

/** How many rows are kept on `db` (for tests), or null when it keeps none. */
export function keptRequestRowCount(db: DbOrTx): number | null {
  return cachesByHandle.get(db)?.rows.size ?? null;
}
