import { describe, expect, it } from 'vitest';
import type { ChannelListener, Listen } from '../db/notifications';
import type { SessionUser } from './session';
import { SessionUserCache } from './session-cache';

const userWith = (id: number, tokenVersion = 0): SessionUser => ({
  id,
  email: `user${id}@example.test`,
  tokenVersion,
  impersonator: null,
  primaryRole: null,
  roles: ['primary_researcher'],
  groups: ['primary_researcher'],
});

/** A cache over a fake database: `rows` is what a read finds, `reads` how many reads were made. */
async function cacheOver(options = { max: 100, ttlMs: 60_000 }) {
  const rows = new Map<number, SessionUser>();
  const state = { reads: 0, pending: null as null | (() => void) };
  let listener: ChannelListener | undefined;
  const listen: Listen = async (_channel, subscriber) => {
    listener = subscriber;
    subscriber.onListening();
    return async () => undefined;
  };
  const cache = new SessionUserCache(async (id) => {
    state.reads += 1;
    const row = rows.get(id) ?? null;
    if (state.pending === null) return row;
    await new Promise<void>((resolve) => (state.pending = resolve));
    return row;
  }, options);
  await cache.subscribe(listen);
  return { cache, rows, state, listener: listener! };
}

describe('SessionUserCache', () => {
  it('reads a user once until the database names them, then reads them again', async () => {
    const { cache, rows, state, listener } = await cacheOver();
    rows.set(1, userWith(1));
    await cache.get(1);
    expect(await cache.get(1)).toEqual(userWith(1));
    expect(state.reads).toBe(1);
    rows.set(1, userWith(1, 1));
    listener.onNotify('1');
    expect((await cache.get(1))?.tokenVersion).toBe(1);
    expect(state.reads).toBe(2);
  });

  it('keeps at most its maximum of users, the least recently used going first', async () => {
    const { cache, rows, state } = await cacheOver({ max: 2, ttlMs: 60_000 });
    for (const id of [1, 2, 3]) rows.set(id, userWith(id));
    for (const id of [1, 2, 3]) await cache.get(id);
    expect(cache.size).toBe(2);
    await cache.get(1);
    expect(state.reads).toBe(4);
  });

  it('does not keep a missing or inactive user', async () => {
    const { cache, state } = await cacheOver();
    expect(await cache.get(9)).toBeNull();
    expect(await cache.get(9)).toBeNull();
    expect(state.reads).toBe(2);
  });

  it('does not keep a read that a change overtook', async () => {
    const { cache, rows, state, listener } = await cacheOver();
    rows.set(1, userWith(1));
    state.pending = () => undefined;
    const reading = cache.get(1);
    await Promise.resolve();
    listener.onNotify('1');
    state.pending();
    state.pending = null;
    await reading;
    await cache.get(1);
    expect(state.reads).toBe(2);
  });

  it('forgets everyone on "*", and keeps nobody while not listening', async () => {
    const { cache, rows, state, listener } = await cacheOver();
    rows.set(1, userWith(1));
    await cache.get(1);
    listener.onNotify('*');
    await cache.get(1);
    expect(state.reads).toBe(2);
    listener.onLost();
    await cache.get(1);
    await cache.get(1);
    expect(state.reads).toBe(4);
    expect(cache.size).toBe(0);
    listener.onListening();
    await cache.get(1);
    await cache.get(1);
    expect(state.reads).toBe(5);
  });
});
