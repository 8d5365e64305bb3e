import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { UnauthorizedError } from '../http/errors';
import { outboxBacklog } from '../mail/outbox';

/** The route pattern (`/api/request/:id/`), never the raw URL: one series per route, not per id. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at `GET /api/metrics/` (decision 124), for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer <token>`): request rate and latency per route, error answers, the
 * e-mail outbox's depth and the age of its oldest e-mail, database connections, and the
 * process's own (CPU, memory, event loop). Registered only when the token is configured.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { token: string; database: Database }) => {
  const { token, database } = opts;
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'rrp_' });

  const duration = new Histogram({
    name: 'rrp_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const errors = new Counter({
    name: 'rrp_http_errors_total',
    help: 'Answers with a client (4xx) or server (5xx) error, by method and route pattern.',
    labelNames: ['method', 'route', 'status_class'],
    registers,
  });
  new Gauge({
    name: 'rrp_email_outbox_depth',
    help: 'E-mails not sent: queued (due or backing off), being sent, or failed for good.',
    labelNames: ['status'],
    registers,
    async collect() {
      const { byStatus } = await outboxBacklog(database.db);
      for (const [status, count] of Object.entries(byStatus)) this.set({ status }, count);
    },
  });
  new Gauge({
    name: 'rrp_email_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail still to be sent (0 when none waits).',
    registers,
    async collect() {
      this.set((await outboxBacklog(database.db)).oldestWaitingSeconds);
    },
  });
  new Gauge({
    name: 'rrp_db_pool_connections',
    help: 'Database connections of this instance: the pool size (max), open, idle, and callers waiting for one.',
    labelNames: ['state'],
    registers,
    collect() {
      const use = database.poolUse();
      this.set({ state: 'max' }, use.max);
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request) };
    duration.observe({ ...labels, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400) {
      errors.inc({ ...labels, status_class: reply.statusCode >= 500 ? '5xx' : '4xx' });
    }
  });

  app.get(
    '/api/metrics/',
    // Not a user's route: a scraper's bearer token, checked here, stands in for a session.
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const [scheme, given] = (request.headers.authorization ?? '').split(' ', 2);
      if (scheme?.toLowerCase() !== 'bearer' || !given || !sameToken(given, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new UnauthorizedError('A valid metrics token is required.');
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
});
