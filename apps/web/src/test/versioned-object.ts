import { vi } from 'vitest';

/** An API answer: `body` as JSON, with an object's version as its ETag when given. */
export const jsonAnswer = (status: number, body: unknown, etag?: string) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(etag ? { etag } : {}) },
  });

/** The server's 412 when Dana Admin saved first: `current` is the object as it is now. */
export const staleAnswer = (current: unknown, etag = '"v2"') =>
  jsonAnswer(
    412,
    {
      detail: 'The object was changed since you read it.',
      current,
      changed_by: { id: 3, display_name: 'Dana Admin' },
      changed_at: '2026-11-29T15:04:00.000Z',
      correlation_id: 'c-1',
    },
    etag,
  );

/** A write the screen sent: its If-Match and its body. */
export interface SentWrite {
  ifMatch: string | null;
  body: Record<string, unknown>;
}

/**
 * Stubs fetch as the API answers for one object someone else changes while the screen shows it:
 * a GET of `path` answers the object with its version (`"v1"`, `"v2"` once they saved); the
 * screen's first write meets their save (`theirChange`, a 412); a later one saves its body over
 * theirs (`"v3"`). Any other address answers an empty list. Answers the writes sent, in order.
 */
export function stubObjectChangedMeanwhile<T extends object>(
  path: string,
  shown: T,
  theirChange: Partial<T>,
): SentWrite[] {
  const writes: SentWrite[] = [];
  let current: T = { ...shown };
  let version = 1;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://x').pathname !== path) return jsonAnswer(200, { count: 0, results: [] });
      if ((init?.method ?? 'GET') === 'GET') return jsonAnswer(200, current, `"v${version}"`);
      const headers = init?.headers as Record<string, string>;
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      writes.push({ ifMatch: headers['if-match'] ?? null, body });
      if (writes.length === 1) {
        current = { ...current, ...theirChange };
        version = 2;
        return staleAnswer(current);
      }
      current = { ...current, ...body };
      return jsonAnswer(200, current, '"v3"');
    }),
  );
  return writes;
}
