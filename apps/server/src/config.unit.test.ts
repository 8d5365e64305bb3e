import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rrp-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('config', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      env: 'development',
      databaseUrl: undefined,
      clamav: undefined,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated development JWT secret in DATA_DIR across starts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SUPPORT_EMAIL: 'support' }, 'SUPPORT_EMAIL'],
    [{ TOKEN_TTL_MINUTES: '0' }, 'TOKEN_TTL_MINUTES'],
    [{ GLOBUS_URL: 'not a url' }, 'GLOBUS_URL'],
    [{ CLAMAV_HOST: 'localhost' }, 'CLAMAV_PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SENTRY_DSN: 'not a url' }, 'SENTRY_DSN'],
    [{ SENTRY_DSN: 'https://errors.example.org/12' }, 'SENTRY_DSN'],
    [{ SENTRY_DSN: 'https://public-key@errors.example.org/12' }, 'SENTRY_DSN'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, *' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
  ])('stops on a bad value and names the variable: %o', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET: required/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).isProduction).toBe(true);
  });

  it('reads the error-reporting DSN and the metrics token', () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        SENTRY_DSN: 'https://key@errors.example.org/12',
        METRICS_TOKEN: 'a-long-enough-metrics-token',
      }),
    ).toMatchObject({
      sentryDsn: 'https://key@errors.example.org/12',
      metricsToken: 'a-long-enough-metrics-token',
    });
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      sentryDsn: undefined,
      metricsToken: undefined,
    });
  });

  it('trusts no proxy unless TRUST_PROXY lists them (addresses, CIDR ranges, named ranges)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,fd00::/8, loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.5', '172.16.0.0/12', 'fd00::/8', 'loopback']);
  });

  it('health-checks Zendesk only when the staff panel can use it (URL, e-mail and API token)', () => {
    const urlOnly = loadConfig({ DATA_DIR: dataDir(), ZENDESK_URL: 'https://x.zendesk.test' });
    expect(urlOnly.externalServices.ZENDESK_API).toBeUndefined();
    expect(urlOnly.zendesk).toBeUndefined();
    const full = loadConfig({
      DATA_DIR: dataDir(),
      ZENDESK_URL: 'https://x.zendesk.test',
      ZENDESK_EMAIL: 'support@example.test',
      ZENDESK_API_TOKEN: 'token',
    });
    expect(full.externalServices.ZENDESK_API).toBe('https://x.zendesk.test');
    expect(full.zendesk?.url).toBe('https://x.zendesk.test');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', SMTP_URL: '' })).toMatchObject({ port: 3000 });
  });
});

describe('DATA_DIR', () => {
  it('defaults to data/ at the repository root, wherever the command runs', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.dataDir).not.toContain('/apps/server/');
  });

  it('takes a relative DATA_DIR from where npm was invoked', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: 'store', INIT_CWD: '/srv/portal' });
    expect(config.dataDir).toBe('/srv/portal/store');
  });
});

describe('RESPONSE_VALIDATION', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };

  it('checks answers outside production and writes them unchecked in production, unless set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).responseValidation).toBe('strict');
    expect(loadConfig({ ...production, DATA_DIR: dataDir() }).responseValidation).toBe('off');
    const strict = loadConfig({ ...production, DATA_DIR: dataDir(), RESPONSE_VALIDATION: 'strict' });
    expect(strict.responseValidation).toBe('strict');
  });

  it('refuses a value other than strict or off', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), RESPONSE_VALIDATION: 'on' })).toThrow(
      /RESPONSE_VALIDATION/,
    );
  });
});
