import type { FastifyRequest } from 'fastify';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The list envelope, with `next` and `previous` links that keep the caller's other parameters. */
export function toPage<T>(
  request: FastifyRequest,
  paging: { limit: number; offset: number },
  count: number,
  results: T[],
): Page<T> {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const { limit, offset } = paging;
  const linkAt = (at: number) => {
    const link = new URL(url);
    link.searchParams.set('limit', String(limit));
    if (at > 0) link.searchParams.set('offset', String(at));
    else link.searchParams.delete('offset');
    return link.toString();
  };
  return {
    count,
    next: offset + limit < count ? linkAt(offset + limit) : null,
    previous: offset > 0 ? linkAt(Math.max(0, offset - limit)) : null,
    results,
  };
}
