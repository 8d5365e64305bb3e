import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { answerError } from './error-handler';

/**
 * Errors Fastify meets before a route exists for the call (a malformed URL, a path parameter
 * over its length): answered by the one error handler, in the one envelope.
 */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, request, reply) => {
  reply.header('X-Correlation-ID', request.id);
  void answerError(error, request, reply);
};

/** What Node's HTTP parser refuses before Fastify sees a request, by its error code. */
const CLIENT_ERRORS = new Map<string, { status: number; body: Record<string, unknown> }>([
  ['HPE_HEADER_OVERFLOW', { status: 431, body: { detail: 'Request header fields are too large.' } }],
  ['ERR_HTTP_REQUEST_TIMEOUT', { status: 408, body: { detail: 'The request took too long to arrive.' } }],
]);
const MALFORMED = { status: 400, body: { non_field_errors: ['Malformed request.'] } };

/**
 * Answers a request the HTTP parser refused (headers too large, a timeout, bytes that are not
 * HTTP) in the one error envelope with a fresh correlation id, then closes the connection, as
 * Node would.
 */
export const clientErrorHandler: FastifyServerOptions['clientErrorHandler'] = (error, socket: Socket) => {
  // A reset connection has nobody left to answer.
  if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, body } = CLIENT_ERRORS.get((error as NodeJS.ErrnoException).code ?? '') ?? MALFORMED;
    const correlationId = randomUUID();
    const json = JSON.stringify({ ...body, correlation_id: correlationId });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        `X-Correlation-ID: ${correlationId}\r\n` +
        `Cache-Control: no-store\r\n` +
        `Connection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
};
