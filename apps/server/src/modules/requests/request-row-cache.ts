import { keptRows } from '../../platform/db/kept-rows';
import { keptPages } from '../../platform/list';
import type { RequestPageRow } from './request-page.repo';

/**
 * The request rows this process has had PostgreSQL write (decision 443), kept until a trigger of
 * migration 0035 names them: `r:<request>` for a write to the request's own rows, `p:<project>`
 * for its project's (a request's flags read its project's other requests and team), `*` for a
 * name or lookup any row may show. Bounded to a working set of screens' pages (a row is 1.5–3 kB),
 * not the table, beside a heap of ~160 MB under load.
 */
export const requestRowCache = keptRows<RequestPageRow>({
  objectPrefix: 'r',
  group: { prefix: 'p', of: (row) => row.projectId },
  maxRows: 5_000,
  maxCharacters: 6_000_000,
  characters: (row) => row.head.length + row.tail.length,
});

/**
 * The request list's unfiltered pages (decision 446): every table they read — requests, teams,
 * reviewers, and the names and lookups an ordering joins — NOTIFYs the channel above.
 */
export const requestPages = keptPages();
