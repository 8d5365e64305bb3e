import { LRUCache } from 'lru-cache';
import { DB_CHANNELS, type Listen } from '../db/notifications';
import type { SessionUser } from './session';

export interface SessionCacheOptions {
  /** Users kept at most; the least recently used goes first. */
  max: number;
  /** A safety net only: a change is heard through the database's notification, not waited out. */
  ttlMs: number;
}

const SESSION_CACHE_DEFAULTS: SessionCacheOptions = { max: 10_000, ttlMs: 60_000 };

/**
 * The signed-in users this process has read, by id, so that an authenticated call does not read
 * the user and their groups again (issue 32). Whatever changes a session user (groups, primary role,
 * active flag, e-mail, token version) fires a trigger that NOTIFYs the user's id (migration 0026);
 * hearing it evicts the user. While the database connection that listens is down, nothing is kept.
 */
export class SessionUserCache {
  private readonly users: LRUCache<number, SessionUser>;
  private listening = false;
  /** Bumped by every eviction: a read begun before one may have seen the old row, so is not kept. */
  private generation = 0;

  constructor(
    private readonly load: (userId: number) => Promise<SessionUser | null>,
    options: SessionCacheOptions = SESSION_CACHE_DEFAULTS,
  ) {
    this.users = new LRUCache({ max: options.max, ttl: options.ttlMs });
  }

  /** Starts hearing the database's changes to session users; resolves to the unsubscribe. */
  subscribe(listen: Listen): Promise<() => Promise<void>> {
    return listen(DB_CHANNELS.sessionUser, {
      onNotify: (payload) => (payload === '*' ? this.clear() : this.evict(Number(payload))),
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

  /** The active user with this id and their groups, or null. */
  async get(userId: number): Promise<SessionUser | null> {
    if (!this.listening) return this.load(userId);
    const cached = this.users.get(userId);
    if (cached) return cached;
    const generation = this.generation;
    const user = await this.load(userId);
    if (user && this.listening && generation === this.generation) this.users.set(userId, user);
    return user;
  }

  get size(): number {
    return this.users.size;
  }

  private evict(userId: number): void {
    this.generation += 1;
    this.users.delete(userId);
  }

  private clear(): void {
    this.generation += 1;
    this.users.clear();
  }
}
