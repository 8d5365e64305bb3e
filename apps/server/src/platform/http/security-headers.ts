import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** A year, and subdomains too: helmet's default policy, sent only where it means something. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers for `options`, worked out once: none of them depends on the request (no
 * nonces), and the Fastify plugin would build the middleware and parse the policy again for
 * every answer.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers every answer carries: helmet's set with the portal's content security policy, worked out once;
 * `Strict-Transport-Security` only on answers that went out over HTTPS (directly, or from a
 * TRUST_PROXY proxy that says so in X-Forwarded-Proto), since over plain HTTP it is ignored at
 * best; and `Cache-Control: no-store` on every API answer a route did not give its own policy,
 * so no browser or shared cache keeps personal data or files (decision 118).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { recaptcha: boolean; connectOrigins: string[] }) => {
    // Google's reCAPTCHA, only when the bot check is configured.
    const recaptchaSources = opts.recaptcha
      ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
      : [];
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...recaptchaSources],
          // Mantine writes inline style attributes and a style tag for its CSS variables.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", ...opts.connectOrigins],
          frameSrc: ["'self'", 'blob:', ...recaptchaSources],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });

    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
      if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) {
        reply.header('Cache-Control', 'no-store');
      }
    });
  },
);
