import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NO_PERSONAL_DATA_COLLECTION, scrubErrorEvent } from '@rrp/domain';

export interface ErrorReportingOptions {
  /** SENTRY_DSN; without it nothing is reported. */
  dsn: string | undefined;
  environment: string;
  release: string;
}

/**
 * Server errors (every answer of 500 or more) go to Sentry with the correlation id, the route
 * pattern and the method as tags, and no personal data (decision 123). The client belongs to
 * this app rather than the process: no global hooks or tracing, closed with the app.
 */
export const errorReportingPlugin = fp(async (app: FastifyInstance, opts: ErrorReportingOptions) => {
  if (!opts.dsn) return;
  // Loaded only when errors are reported: the SDK and what it imports (OpenTelemetry among them)
  // hold tens of MB of the server's heap, with their source maps, in a server that has no DSN.
  const { NodeClient, Scope, defaultStackParser, makeNodeTransport } = await import('@sentry/node');
  const client = new NodeClient({
    dsn: opts.dsn,
    environment: opts.environment,
    release: opts.release,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [],
    dataCollection: NO_PERSONAL_DATA_COLLECTION,
    beforeSend: (event) => scrubErrorEvent(event),
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();

  const errors = new WeakMap<FastifyRequest, Error>();
  app.addHook('onError', async (request, _reply, error) => {
    errors.set(request, error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) return;
    const report = scope.clone();
    report.setTag('correlation_id', request.id);
    report.setTag('route', request.routeOptions.url ?? 'unmatched');
    report.setTag('method', request.method);
    report.setTag('status_code', String(reply.statusCode));
    const error = errors.get(request);
    if (error) report.captureException(error);
    else
      report.captureMessage(
        `${request.method} ${request.routeOptions.url ?? 'unmatched'} answered ${reply.statusCode}`,
        'error',
      );
  });
  app.addHook('onClose', async () => {
    await client.close(2_000);
  });
});
