import type { vi } from 'vitest';

/** The query strings of the request-list calls (`GET request/`) a stubbed fetch received, in order. */
export const listQueries = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname === '/api/request/')
    .map((url) => url.searchParams);
