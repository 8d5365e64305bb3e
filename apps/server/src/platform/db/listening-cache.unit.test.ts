import { describe, expect, it } from 'vitest';
import { ListeningCache } from './listening-cache';
import { DB_CHANNELS, type ChannelListener, type Listen } from './notifications';

/** A cache forgetting everything on any notification, with a read that waits until released. */
async function cacheOver() {
  let listener: ChannelListener | undefined;
  const listen: Listen = async (_channel, subscriber) => {
    listener = subscriber;
    subscriber.onListening();
    return async () => undefined;
  };
  const cache = new ListeningCache<string, { version: number }>(DB_CHANNELS.reviewerLoad, () => 'all', {
    max: 10,
    ttlMs: 60_000,
  });
  await cache.subscribe(listen);
  const database = { version: 1, reads: 0, release: [] as (() => void)[] };
  const read = () => {
    database.reads += 1;
    const version = database.version;
    return new Promise<{ version: number }>((resolve) => database.release.push(() => resolve({ version })));
  };
  const releaseAll = () => database.release.splice(0).forEach((release) => release());
  return { cache, database, read, releaseAll, listener: listener! };
}

describe('ListeningCache', () => {
  it('makes one read for callers asking for the same key at once, and keeps its answer', async () => {
    const { cache, database, read, releaseAll } = await cacheOver();
    const asked = [cache.get('pool', read), cache.get('pool', read), cache.get('pool', read)];
    releaseAll();
    expect(await Promise.all(asked)).toEqual([{ version: 1 }, { version: 1 }, { version: 1 }]);
    expect(await cache.get('pool', read)).toEqual({ version: 1 });
    expect(database.reads).toBe(1);
  });

  it('does not hand a read begun before a notification to callers after it, nor keep it', async () => {
    const { cache, database, read, releaseAll, listener } = await cacheOver();
    const before = cache.get('pool', read);
    database.version = 2;
    listener.onNotify('reviews');
    const after = cache.get('pool', read);
    releaseAll();
    expect(await before).toEqual({ version: 1 });
    expect(await after).toEqual({ version: 2 });
    expect(database.reads).toBe(2);
    // The read begun after the notification is kept.
    expect(await cache.get('pool', read)).toEqual({ version: 2 });
    expect(database.reads).toBe(2);
  });

  it('reads every time while it cannot hear the database', async () => {
    const { cache, database, read, releaseAll, listener } = await cacheOver();
    listener.onLost();
    const first = cache.get('pool', read);
    const second = cache.get('pool', read);
    releaseAll();
    await Promise.all([first, second]);
    expect(database.reads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('reads only the keys it does not keep, in one read, and tells what it keeps and forgets', async () => {
    let listener: ChannelListener | undefined;
    const listen: Listen = async (_channel, subscriber) => {
      listener = subscriber;
      subscriber.onListening();
      return async () => undefined;
    };
    const told: string[] = [];
    const cache = new ListeningCache<string, number>(
      DB_CHANNELS.readRows,
      (payload) => (payload === '*' ? 'all' : [payload]),
      {
        max: 10,
        ttlMs: 60_000,
        kept: (key) => told.push(`kept ${key}`),
        gone: (key) => told.push(`gone ${key}`),
      },
    );
    await cache.subscribe(listen);
    const asked: string[][] = [];
    const load = async (keys: string[]) => {
      asked.push(keys);
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.length]));
    };
    expect([...(await cache.getMany(['a', 'bb'], load))]).toEqual([
      ['a', 1],
      ['bb', 2],
    ]);
    expect([...(await cache.getMany(['bb', 'ccc', 'missing'], load))]).toEqual([
      ['bb', 2],
      ['ccc', 3],
    ]);
    expect(asked).toEqual([
      ['a', 'bb'],
      ['ccc', 'missing'],
    ]);
    listener!.onNotify('bb');
    await cache.getMany(['a', 'bb'], load);
    expect(asked.at(-1)).toEqual(['bb']);
    expect(told).toEqual(['kept a', 'kept bb', 'kept ccc', 'gone bb', 'kept bb']);
  });

  it('does not keep what a many-key read returns when a notification came while it ran', async () => {
    const { cache, listener } = await cacheOver();
    let release = () => {};
    const read = cache.getMany(['pool'], async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return new Map([['pool', { version: 1 }]]);
    });
    listener.onNotify('reviews');
    release();
    expect((await read).get('pool')).toEqual({ version: 1 });
    expect(cache.size).toBe(0);
  });
});
