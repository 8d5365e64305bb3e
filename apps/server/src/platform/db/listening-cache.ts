import { LRUCache } from 'lru-cache';
import type { DbOrTx } from './database';
import type { DB_CHANNELS, Listen } from './notifications';

export interface ListeningCacheOptions<K = unknown, V = unknown> {
  /** Entries kept at most; the least recently used goes first. */
  max: number;
  /** A safety net only: a change is heard through the database's notification, not waited out. */
  ttlMs: number;
  /** The most the entries may weigh together, each weighed by `sizeOf`. */
  maxSize?: number;
  sizeOf?: (value: V, key: K) => number;
  /** Told of each entry kept and each entry gone (forgotten, evicted, expired or replaced). */
  kept?: (key: K, value: V) => void;
  gone?: (key: K, value: V) => void;
}

/** What a notification's payload forgets: the keys it names, or everything. */
export type Forget<K> = (payload: string) => readonly K[] | 'all';

/**
 * What this process has read from the database, kept until a trigger NOTIFYs that it changed
 * (issues 32, 33). Whoever writes — an API call, the CLI, SQL, another instance — the trigger
 * fires, and hearing its channel forgets what the payload names. While the connection that
 * listens is down nothing is kept: every read goes to the database.
 */
export class ListeningCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, V>;
  /** Reads under way, so that callers asking for the same key at once share one. */
  private readonly loading = new Map<K, Promise<V | null>>();
  private listening = false;
  /** Bumped by every forgetting: a read begun before one may have seen the old rows, so is not kept. */
  private generation = 0;

  constructor(
    private readonly channel: (typeof DB_CHANNELS)[keyof typeof DB_CHANNELS],
    private readonly forget: Forget<K>,
    options: ListeningCacheOptions<K, V>,
  ) {
    this.entries = new LRUCache<K, V>({
      max: options.max,
      ttl: options.ttlMs,
      ...(options.maxSize && options.sizeOf
        ? { maxSize: options.maxSize, sizeCalculation: options.sizeOf }
        : {}),
      ...(options.kept ? { onInsert: (value: V, key: K) => options.kept!(key, value) } : {}),
      ...(options.gone ? { dispose: (value: V, key: K) => options.gone!(key, value) } : {}),
    });
  }

  /** Starts hearing the channel; resolves to the unsubscribe. */
  subscribe(listen: Listen): Promise<() => Promise<void>> {
    return listen(this.channel, {
      onNotify: (payload) => {
        const keys = this.forget(payload);
        if (keys === 'all') return this.clear();
        this.generation += 1;
        for (const key of keys) {
          this.entries.delete(key);
          this.loading.delete(key);
        }
      },
      onListening: () => {
        this.clear();
        this.listening = true;
      },
      onLost: () => {
        this.listening = false;
        this.clear();
      },
    });
  }

  /**
   * The value kept under `key`, else what `load` reads — one read for the callers that ask at
   * once — kept when nothing changed while it ran.
   */
  async get<T extends V | null>(key: K, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept as T;
    const underway = this.loading.get(key);
    if (underway) return underway as Promise<T>;
    const generation = this.generation;
    const read = load().finally(() => {
      if (this.loading.get(key) === read) this.loading.delete(key);
    });
    this.loading.set(key, read);
    const value = await read;
    if (value !== null && this.listening && generation === this.generation) this.entries.set(key, value);
    return value;
  }

  /**
   * The values kept under `keys`, and what `load` reads of the others in one read: those it
   * returns are kept when nothing changed while it ran. A key neither kept nor read is absent.
   */
  async getMany(keys: readonly K[], load: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>> {
    if (!this.listening) return load([...keys]);
    const found = new Map<K, V>();
    const missing: K[] = [];
    for (const key of keys) {
      const kept = this.entries.get(key);
      if (kept === undefined) missing.push(key);
      else found.set(key, kept);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const read = await load(missing);
    const unchanged = this.listening && generation === this.generation;
    for (const [key, value] of read) {
      found.set(key, value);
      if (unchanged) this.entries.set(key, value);
    }
    return found;
  }

  get size(): number {
    return this.entries.size;
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }
}

/** What `cachesPerHandle` keeps: anything that starts hearing its channel when asked. */
interface Subscribing {
  subscribe(listen: Listen): Promise<() => Promise<void>>;
}

/**
 * One cache per database handle that keeps one: `keep` opens it for the handle and starts hearing
 * its channel (resolving to the stop); `of` finds it, or undefined for a handle that keeps none
 * (a transaction reads its own writes, which no other connection has seen or been told of).
 */
export function cachesPerHandle<C extends Subscribing>(open: () => C) {
  const byHandle = new WeakMap<DbOrTx, C>();
  return {
    async keep(db: DbOrTx, listen: Listen): Promise<() => Promise<void>> {
      const cache = open();
      const unsubscribe = await cache.subscribe(listen);
      byHandle.set(db, cache);
      return async () => {
        byHandle.delete(db);
        await unsubscribe();
      };
    },
    of: (db: DbOrTx): C | undefined => byHandle.get(db),
  };
}
