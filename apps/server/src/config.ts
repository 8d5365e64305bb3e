import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { LIMITS } from '@rrp/domain';
import { DEFAULT_DATA_DIR } from './paths';
import type { ResponseValidation } from './platform/http/serializer';

/**
 * Every environment variable of DESIGN.md §1, read and validated here and nowhere else.
 * A bad value stops start-up with a message naming the variable.
 */
const optionalUrl = z.url().optional();
const port = z.coerce.number().int().min(1).max(65535);

/** Names proxy-addr (Fastify's trustProxy) gives to the private and loopback ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, or a CIDR range of them (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses, CIDR
 * ranges or the names above, comma-separated. Unset trusts none (the client's own address counts).
 */
const trustProxy = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every((entry) => PROXY_RANGE_NAMES.has(entry) || isAddressOrRange(entry)), {
    error:
      'must list proxy IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated',
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  TRUST_PROXY: trustProxy.default([]),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections per instance to a PostgreSQL server. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * API calls an instance answers at once; the others wait their turn (issue 32): enough to keep
   * two cores and the pool busy, few enough that the pages built at once keep the heap small.
   */
  API_CALLS_AT_ONCE: z.coerce.number().int().min(1).max(10_000).default(12),
  /** An API query running longer is cancelled by PostgreSQL (0 turns the limit off). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(480),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Research Resource Portal <no-reply@portal.test>'),
  SUPPORT_EMAIL: z.email().default('support@portal.test'),
  PRODUCT_NAME: z.string().min(1).default('Research Resource Portal'),
  RECAPTCHA_SECRET_V3: z.string().min(1).optional(),
  RECAPTCHA_SECRET_V2: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  // Public site keys the browser renders the bot check with (pairs of the secrets above).
  RECAPTCHA_SITE_KEY_V3: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY_V2: z.string().min(1).optional(),
  ORCID_CLIENT_ID: z.string().min(1).optional(),
  ORCID_CLIENT_SECRET: z.string().min(1).optional(),
  ORCID_BASE_URL: z.url().default('https://orcid.org'),
  CLAMAV_HOST: z.string().min(1).optional(),
  CLAMAV_PORT: port.optional(),
  /** The upload size limit in MB (decision 026). */
  UPLOAD_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(5120)
    .default(LIMITS.files.uploadMaxBytes / (1024 * 1024)),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  DEMO_PASSWORD: z.string().min(10, 'must be at least 10 characters').default('Portal-Demo-1!'),
  /** Error reporting (Sentry) for the server and, through client-config, the browser. */
  SENTRY_DSN: z
    .string()
    // The SDK ignores a DSN it cannot parse without a word: check its shape here instead.
    .regex(
      /^https?:\/\/\w+(:\w*)?@[\w.-]+(:\d+)?(\/[\w.-]+)*\/\d+$/,
      'must be a Sentry DSN, https://<public key>@<host>/<project id>',
    )
    .optional(),
  /** Bearer token of the Prometheus scraper at /api/metrics/; unset, the endpoint does not exist. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  GLOBUS_URL: optionalUrl,
  ABN_URL: optionalUrl,
  BINS_URL: optionalUrl,
  ZENDESK_URL: optionalUrl,
  // The support-ticket conversations of the request staff panel (with ZENDESK_URL, e.g. https://x.zendesk.com).
  ZENDESK_EMAIL: z.email().optional(),
  ZENDESK_API_TOKEN: z.string().min(1).optional(),
  GPF_URL: optionalUrl,
  /** Lets webhooks post to loopback and private networks (an intranet receiver; local tests). */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z.stringbool().default(false),
  /** How often the reminders about stalled work go out, in minutes; 0 turns them off (decision 273). */
  REMINDERS_EVERY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** Answers checked against their response schemas (`strict`) or written unchecked (`off`). */
  RESPONSE_VALIDATION: z.enum(['strict', 'off']).optional(),
});

type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  /** The proxies whose forwarded headers count (decision 115); empty trusts none. */
  trustProxy: string[];
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The PostgreSQL server's pool (PGlite is one in-process connection and has neither). */
  database: { poolSize: number; statementTimeoutMs: number };
  /** API calls answered at once by this instance (`platform/http/in-flight.ts`). */
  apiCallsAtOnce: number;
  jwtSecret: string;
  tokenTtlMinutes: number;
  mail: { smtpUrl: string | undefined; from: string };
  supportEmail: string;
  productName: string;
  recaptcha: {
    secretV3?: string;
    secretV2?: string;
    verifyUrl: string;
    siteKeyV3?: string;
    siteKeyV2?: string;
  };
  orcid: { clientId?: string; clientSecret?: string; baseUrl: string };
  clamav: { host: string; port: number } | undefined;
  uploadMaxBytes: number;
  s3:
    | { endpoint?: string; bucket: string; region: string; accessKeyId?: string; secretAccessKey?: string }
    | undefined;
  demoPassword: string;
  sentryDsn: string | undefined;
  metricsToken: string | undefined;
  externalServices: Record<'GLOBUS' | 'ABN' | 'BINS' | 'ZENDESK_API' | 'GPF', string | undefined>;
  /** Where webhooks may be posted (decision 169). */
  webhooks: { requireHttps: boolean; allowPrivateAddresses: boolean };
  /** Minutes between runs of the reminders job; 0: no reminders (decision 273). */
  remindersEveryMinutes: number;
  /** Zendesk's API, when all three variables are set; otherwise the local fake (not in production). */
  zendesk: { url: string; email: string; apiToken: string } | undefined;
  /** BINS, where tissue orders go (decision 243); unset: a local stand-in (not in production). */
  binsUrl: string | undefined;
  /**
   * `strict`: every answer must be exactly what its route's response schema describes, or the call
   * fails (the test suites); `off`: answers are written by compiled serializers, unchecked.
   */
  responseValidation: ResponseValidation;
}

/** Empty strings count as unset, as a shell `VAR=` usually means "no value". */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;
}

/** In development the JWT secret is generated once and kept in DATA_DIR so tokens survive restarts. */
function developmentJwtSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration — ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.JWT_SECRET) {
    throw new ConfigError('Invalid configuration — JWT_SECRET: required when NODE_ENV=production');
  }
  if ((env.CLAMAV_HOST === undefined) !== (env.CLAMAV_PORT === undefined)) {
    throw new ConfigError('Invalid configuration — CLAMAV_HOST and CLAMAV_PORT: set both or neither');
  }
  if ((env.ZENDESK_EMAIL === undefined) !== (env.ZENDESK_API_TOKEN === undefined)) {
    throw new ConfigError('Invalid configuration — ZENDESK_EMAIL and ZENDESK_API_TOKEN: set both or neither');
  }
  if (env.ZENDESK_API_TOKEN && !env.ZENDESK_URL) {
    throw new ConfigError('Invalid configuration — ZENDESK_URL: required when ZENDESK_API_TOKEN is set');
  }
  if (env.S3_ENDPOINT && !env.S3_BUCKET) {
    throw new ConfigError('Invalid configuration — S3_BUCKET: required when S3_ENDPOINT is set');
  }
  // Relative paths are taken from where the command was typed (npm runs scripts in the workspace).
  const dataDir = resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    database: { poolSize: env.DATABASE_POOL_SIZE, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
    apiCallsAtOnce: env.API_CALLS_AT_ONCE,
    jwtSecret: env.JWT_SECRET ?? developmentJwtSecret(dataDir),
    tokenTtlMinutes: env.TOKEN_TTL_MINUTES,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    supportEmail: env.SUPPORT_EMAIL,
    productName: env.PRODUCT_NAME,
    recaptcha: {
      secretV3: env.RECAPTCHA_SECRET_V3,
      secretV2: env.RECAPTCHA_SECRET_V2,
      verifyUrl: env.RECAPTCHA_VERIFY_URL,
      siteKeyV3: env.RECAPTCHA_SITE_KEY_V3,
      siteKeyV2: env.RECAPTCHA_SITE_KEY_V2,
    },
    orcid: {
      clientId: env.ORCID_CLIENT_ID,
      clientSecret: env.ORCID_CLIENT_SECRET,
      baseUrl: env.ORCID_BASE_URL,
    },
    clamav: env.CLAMAV_HOST && env.CLAMAV_PORT ? { host: env.CLAMAV_HOST, port: env.CLAMAV_PORT } : undefined,
    uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    demoPassword: env.DEMO_PASSWORD,
    sentryDsn: env.SENTRY_DSN,
    metricsToken: env.METRICS_TOKEN,
    webhooks: { requireHttps: isProduction, allowPrivateAddresses: env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES },
    remindersEveryMinutes: env.REMINDERS_EVERY_MINUTES,
    externalServices: {
      GLOBUS: env.GLOBUS_URL,
      ABN: env.ABN_URL,
      BINS: env.BINS_URL,
      // Probed only when the staff panel can use it too (all three variables): one answer to
      // "is Zendesk configured" (decision 131).
      ZENDESK_API: env.ZENDESK_EMAIL && env.ZENDESK_API_TOKEN ? env.ZENDESK_URL : undefined,
      GPF: env.GPF_URL,
    },
    zendesk:
      env.ZENDESK_URL && env.ZENDESK_EMAIL && env.ZENDESK_API_TOKEN
        ? { url: env.ZENDESK_URL, email: env.ZENDESK_EMAIL, apiToken: env.ZENDESK_API_TOKEN }
        : undefined,
    binsUrl: env.BINS_URL,
    responseValidation: env.RESPONSE_VALIDATION ?? (isProduction ? 'off' : 'strict'),
  };
}
