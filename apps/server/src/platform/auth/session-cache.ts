import { ListeningCache, type ListeningCacheOptions } from '../db/listening-cache';
import { DB_CHANNELS, type Listen } from '../db/notifications';
import type { SessionUser } from './session';

export type SessionCacheOptions = ListeningCacheOptions;

const SESSION_CACHE_DEFAULTS: SessionCacheOptions = { max: 10_000, ttlMs: 60_000 };

/**
 * The signed-in users this process has read, by id, so that an authenticated call does not read
 * the user and their groups again (issue 32). Whatever changes a session user (groups, primary role,
 * active flag, e-mail, token version) fires a trigger that NOTIFYs the user's id (migration 0026),
 * or '*' for everyone; hearing it forgets the user.
 */
export class SessionUserCache {
  private readonly users: ListeningCache<number, SessionUser>;

  constructor(
    private readonly load: (userId: number) => Promise<SessionUser | null>,
    options: SessionCacheOptions = SESSION_CACHE_DEFAULTS,
  ) {
    this.users = new ListeningCache<number, SessionUser>(
      DB_CHANNELS.sessionUser,
      (payload) => (payload === '*' ? 'all' : [Number(payload)]),
      options,
    );
  }

  /** Starts hearing the database's changes to session users; resolves to the unsubscribe. */
  subscribe(listen: Listen): Promise<() => Promise<void>> {
    return this.users.subscribe(listen);
  }

  /** The active user with this id and their groups, or null. */
  get(userId: number): Promise<SessionUser | null> {
    return this.users.get(userId, () => this.load(userId));
  }

  get size(): number {
    return this.users.size;
  }
}
