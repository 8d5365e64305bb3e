import type { DbOrTx } from '../db/database';
import { cachesPerHandle, ListeningCache } from '../db/listening-cache';
import { DB_CHANNELS, type Listen } from '../db/notifications';
import type { PageOfIds } from './select-page';

/*
 * A list's unfiltered pages (a screen's own page: any ordering, offset, caller and scope), kept
 * until the next write to any table such a page reads (decision 446). Only for a list whose every
 * table's writes NOTIFY the read rows' channel (migrations 0035, 0037): any notification on it
 * forgets every kept page, as a write anywhere may move a row into, out of or along any page. A
 * filtered or searched page is read each time. Only reads on the handle the pages were kept for
 * use them: a transaction reads its own writes.
 */

/** Pages kept at most: each holds at most a page's ids and its statement's text as the key. */
const MAX_PAGES = 2_000;
/** A safety net only: a change is heard through the notification, not waited out. */
const TTL_MS = 60_000;

export interface KeptPages {
  keep(db: DbOrTx, listen: Listen): Promise<() => Promise<void>>;
  /** The page kept under `key` (its statement's text and values), else what `load` reads (and kept). */
  read(db: DbOrTx, key: string, load: () => Promise<PageOfIds>): Promise<PageOfIds>;
}

export function keptPages(): KeptPages {
  const caches = cachesPerHandle(
    () =>
      new ListeningCache<string, PageOfIds>(DB_CHANNELS.readRows, () => 'all', {
        max: MAX_PAGES,
        ttlMs: TTL_MS,
      }),
  );
  return {
    keep: caches.keep,
    read(db, key, load) {
      const cache = caches.of(db);
      return cache ? cache.get(key, load) : load();
    },
  };
}
