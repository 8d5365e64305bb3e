import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** Request ids are correlation ids: taken from `X-Correlation-ID` when a proxy sends a safe one. */
export function correlationIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-correlation-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}
