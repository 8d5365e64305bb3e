import type { FastifyRequest } from 'fastify';
import { jsonText, type JsonText } from '../http/json-text';

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
  return { count, ...pageLinks(request, paging, count), results };
}

/**
 * The list envelope around a page of rows the database wrote as JSON (the read model): the array's
 * text, or each row's text (sent in pieces, see `JsonText`).
 */
export function toJsonPage(
  request: FastifyRequest,
  paging: { limit: number; offset: number },
  count: number,
  resultsJson: string | readonly string[],
): JsonText {
  const { next, previous } = pageLinks(request, paging, count);
  const envelope = `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":`;
  if (typeof resultsJson === 'string') return jsonText(`${envelope}${resultsJson}}`);
  const rows = resultsJson.flatMap((row, index) => (index === 0 ? [row] : [', ', row]));
  return jsonText([`${envelope}[`, ...rows, ']}']);
}

function pageLinks(
  request: FastifyRequest,
  paging: { limit: number; offset: number },
  count: number,
): Pick<Page<unknown>, 'next' | 'previous'> {
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
    next: offset + limit < count ? linkAt(offset + limit) : null,
    previous: offset > 0 ? linkAt(Math.max(0, offset - limit)) : null,
  };
}
