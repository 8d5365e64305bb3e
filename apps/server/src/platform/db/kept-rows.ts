import type { DbOrTx } from './database';
import { cachesPerHandle, ListeningCache } from './listening-cache';
import { DB_CHANNELS, type Listen } from './notifications';

/*
 * The rows a read model's statement has had PostgreSQL write as JSON (issue 32, decision 440),
 * kept until a write to anything the statement reads NOTIFYs it (migrations 0035, 0037): a row is
 * then written again on its next read, whoever wrote — an API call, the CLI, SQL or another
 * instance. A row is kept per object and variant (the statement's shape, the caller and the kind
 * of caller: a row carries the caller's permissions and facts), so no caller is handed another's
 * row. Only reads on the handle the rows were kept for use them: a transaction reads its own
 * writes, which no other connection has seen or been told of yet.
 *
 * A notification's payload is `<prefix>:<id>` or `*` (everything). The prefix names an object, or
 * a group of objects whose rows read each other (a request's flags read its project's other
 * requests): each read model says which prefix is which for it, and ignores the others.
 */

export interface KeptRowsConfig<Row> {
  /** The payload prefix that names one of this model's objects by its id. */
  objectPrefix: string;
  /** The payload prefix that names a group of objects, and the group a row belongs to. */
  group?: { prefix: string; of: (row: Row) => number };
  /** Rows kept at most, and the characters of JSON they may hold together. */
  maxRows: number;
  maxCharacters: number;
  /** A row's characters of JSON. */
  characters: (row: Row) => number;
}

/** What a kept row costs beyond its texts: its facts, its key and the indexes' entries. */
const ROW_OVERHEAD = 400;
/** A safety net only: a change is heard through the notification, not waited out. */
const TTL_MS = 60_000;

/** `{object id}|{variant}`. */
type RowKey = string;
const objectOf = (key: RowKey) => Number.parseInt(key, 10);

class RowCache<Row extends { id: number }> {
  /** The kept keys of each object, and the kept objects of each group, to forget them by id. */
  private readonly keysOfObject = new Map<number, Set<RowKey>>();
  private readonly objectsOfGroup = new Map<number, Set<number>>();
  readonly rows: ListeningCache<RowKey, Row>;

  readonly subscribe = (listen: Listen) => this.rows.subscribe(listen);

  constructor(private readonly config: KeptRowsConfig<Row>) {
    this.rows = new ListeningCache<RowKey, Row>(
      DB_CHANNELS.readRows,
      (payload) => this.keysNamedBy(payload),
      {
        max: config.maxRows,
        ttlMs: TTL_MS,
        maxSize: config.maxCharacters,
        sizeOf: (row) => config.characters(row) + ROW_OVERHEAD,
        kept: (key, row) => this.index(key, row),
        gone: (key, row) => this.unindex(key, row),
      },
    );
  }

  private keysNamedBy(payload: string): readonly RowKey[] | 'all' {
    if (payload === '*') return 'all';
    const at = payload.indexOf(':');
    const prefix = payload.slice(0, at);
    const id = Number(payload.slice(at + 1));
    if (prefix === this.config.objectPrefix) return [...(this.keysOfObject.get(id) ?? [])];
    if (prefix === this.config.group?.prefix)
      return [...(this.objectsOfGroup.get(id) ?? [])].flatMap((object) => [
        ...(this.keysOfObject.get(object) ?? []),
      ]);
    return [];
  }

  private index(key: RowKey, row: Row) {
    const object = objectOf(key);
    const keys = this.keysOfObject.get(object) ?? new Set();
    this.keysOfObject.set(object, keys.add(key));
    const group = this.config.group?.of(row);
    if (group === undefined) return;
    const objects = this.objectsOfGroup.get(group) ?? new Set();
    this.objectsOfGroup.set(group, objects.add(object));
  }

  private unindex(key: RowKey, row: Row) {
    const object = objectOf(key);
    const keys = this.keysOfObject.get(object);
    keys?.delete(key);
    if (keys?.size) return;
    this.keysOfObject.delete(object);
    const group = this.config.group?.of(row);
    if (group === undefined) return;
    const objects = this.objectsOfGroup.get(group);
    objects?.delete(object);
    if (objects?.size === 0) this.objectsOfGroup.delete(group);
  }
}

/** A read model's kept rows: one cache per database handle that keeps them. */
export function keptRows<Row extends { id: number }>(config: KeptRowsConfig<Row>) {
  const caches = cachesPerHandle(() => new RowCache(config));
  return {
    /** Keeps the rows read on `db` from now on; resolves to the stop. */
    keep: caches.keep,

    /**
     * The rows of these ids for this variant, in the ids' order: the kept ones, and the others
     * read by `read` in one statement (and kept). A handle that keeps none reads them all.
     */
    async read(
      db: DbOrTx,
      ids: readonly number[],
      variant: string,
      read: (ids: number[]) => Promise<Row[]>,
    ): Promise<Row[]> {
      const cache = caches.of(db);
      if (!cache) return read([...ids]);
      const keyOf = (id: number): RowKey => `${id}|${variant}`;
      const rows = await cache.rows.getMany(ids.map(keyOf), async (missing) => {
        const fresh = await read(missing.map(objectOf));
        return new Map(fresh.map((row) => [keyOf(row.id), row]));
      });
      return ids.flatMap((id) => rows.get(keyOf(id)) ?? []);
    },

    /** How many rows are kept on `db` (for tests), or null when it keeps none. */
    count(db: DbOrTx): number | null {
      return caches.of(db)?.rows.size ?? null;
    },
  };
}
