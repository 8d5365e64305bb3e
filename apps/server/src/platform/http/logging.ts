import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../../config';

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS = /^(token|password|code|recaptcha|signed_url)$/i;

function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
  return `${path}?${params.toString()}`;
}

/** Pino options: request lines without headers or bodies, secret query values redacted. */
export function loggerOptions(config: Config, enabled: boolean): FastifyServerOptions['logger'] {
  if (!enabled) return false;
  return {
    level: config.isProduction ? 'info' : 'info',
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        id: request.id,
      }),
    },
    ...(config.isProduction || !process.stdout.isTTY
      ? {}
      : {
          transport: {
            target: 'pino-pretty',
            options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' },
          },
        }),
  };
}
