import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@rrp/domain';
import { AppError, TooManyRequestsError, type FieldErrors } from './errors';
import { FieldErrorCollector } from './field-errors';

/** The rate limits' window (rate-limit.ts): a minute. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

interface SchemaIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
}

/**
 * Schema issues keyed by their first path segment; issues about the whole payload go to
 * `non_field_errors`, and each unknown key (an undeclared filter, a field the form lacks) is
 * reported on its own name.
 */
function issuesToFields(issues: readonly SchemaIssue[], context: string | undefined): FieldErrors {
  const fields = new FieldErrorCollector();
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      const message = context === 'querystring' ? 'Unknown filter.' : 'Unknown field.';
      for (const key of issue.params.keys) fields.add(key, message);
      continue;
    }
    const [first] = (issue.instancePath ?? '').split('/').filter(Boolean);
    fields.add(first ?? 'non_field_errors', issue.message ?? 'Invalid value.');
  }
  return fields.result;
}

/** Client errors Fastify raises itself (bad JSON, body too large, wrong content type), by status. */
const FRAMEWORK_CLIENT_ERRORS = new Map<number, string>([
  [400, 'Malformed request body.'],
  [413, 'Request body is too large.'],
  [414, 'Request URL is too long.'],
  [415, 'Unsupported media type.'],
]);
/** The same, for errors whose code says more than their status. */
const FRAMEWORK_ERRORS_BY_CODE = new Map<string, string>([['FST_ERR_BAD_URL', 'Malformed request URL.']]);

/**
 * The one error envelope (DESIGN.md §1): every error answers JSON with `correlation_id`, 5xx
 * without internals. The error handler of every route, and of the errors Fastify meets before
 * a route is found (framework-errors.ts).
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const correlation_id = request.id;
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A malformed id in the path names nothing that exists.
    if (error.validationContext === 'params') {
      return reply.status(404).send({ detail: MESSAGES.notFound, correlation_id });
    }
    return reply
      .status(400)
      .send({ ...issuesToFields(error.validation, error.validationContext), correlation_id });
  }
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
    return reply.status(error.statusCode).send({ ...error.body, correlation_id });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    // @fastify/rate-limit sets Retry-After to its window's remaining seconds; a 429 without it
    // (none today) still tells the client when to come back.
    if (!reply.hasHeader('Retry-After')) reply.header('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
    return reply.status(429).send({ detail: error.message, correlation_id });
  }
  if (status >= 400 && status < 500) {
    const detail =
      FRAMEWORK_ERRORS_BY_CODE.get(error.code) ?? FRAMEWORK_CLIENT_ERRORS.get(status) ?? error.message;
    const body = status === 400 ? { non_field_errors: [detail] } : { detail };
    return reply.status(status).send({ ...body, correlation_id });
  }
  request.log.error({ err: error }, 'Unhandled error');
  return reply.status(500).send({ detail: MESSAGES.serverError, correlation_id });
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(answerError);
});
