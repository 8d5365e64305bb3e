import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import type { InstitutionDto, RoleKey } from '@rrp/domain';
import { institutions } from '../src/db/schema';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openPostgres, type Database } from '../src/platform/db/database';
import { seedReferenceData } from '../src/db/seed';
import { createUser, ensureDemoInstitution, type NewUser } from '../src/db/factories';
import { hashPassword } from '../src/platform/auth/passwords';
import { reusablePglite } from './pglite-reuse';

export const TEST_PASSWORD = 'Test-Password-1!';

/**
 * Test configuration: a fixed JWT secret, a fresh DATA_DIR (for stored files) per test file, and
 * every answer checked against its response schema (production does not check them).
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'rrp-test-data-')),
    RESPONSE_VALIDATION: 'strict',
    ...overrides,
  });
}

/**
 * The PGlite template archive, read once per worker: the files of a worker share its modules
 * (`isolate: false`), and reading its 45 MB again for every file only fed the garbage collector.
 * PGlite copies the archive into a database of its own, so files still share nothing.
 */
let templateArchive: Promise<Blob> | undefined;

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite (put back to the
 * template's rows between files: pglite-reuse.ts), or on the PostgreSQL pass a new database on the
 * harness's server — each a copy of the run's template (global-setup.ts), so no file pays for
 * migrating an empty database.
 */
export async function openTestDatabase(): Promise<Database & { url: string | null }> {
  const serverUrl = inject('postgresUrl');
  const template = inject('templateDatabase');
  if (!serverUrl) {
    return {
      ...(await reusablePglite(
        () => (templateArchive ??= readFile(template).then((bytes) => new Blob([bytes]))),
      )),
      url: null,
    };
  }
  const copy = await createEmptyDatabase(serverUrl, template);
  const database = await openPostgres(copy.url, { poolSize: 5 });
  return {
    ...database,
    url: copy.url,
    close: async () => {
      await database.close();
      await copy.drop();
    },
  };
}

/**
 * A new database on the harness's PostgreSQL server: empty (not even migrated), or a copy of the
 * run's migrated template.
 */
export async function createEmptyDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rrp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database & { url: string | null };
  config: Config;
  /** A new verified user with these roles (and a unique e-mail unless given). */
  createUser(input: Partial<NewUser> & { roles: RoleKey[] }): Promise<{ id: number; email: string }>;
  /** A token for this user, via the real sign-in endpoint. */
  tokenFor(email: string, password?: string): Promise<string>;
  /** A token for a fresh user holding exactly one role. */
  tokenForRole(role: RoleKey): Promise<string>;
  /**
   * An institution created by an administrator through the API (so with its generated RDA),
   * and a signing official (first name Olga, last name Official) made its current official.
   */
  institutionWithOfficial(
    name: string,
  ): Promise<{ institution: InstitutionDto; official: { id: number; email: string } }>;
  close(): Promise<void>;
}

let sequence = 0;
/**
 * TEST_PASSWORD's hash, made once per worker: every account a test creates has it, and hashing it
 * anew for each (argon2id at its production cost) was CPU the API suite spent hundreds of times.
 * Signing in still verifies it as production does.
 */
let testPasswordHash: Promise<string> | undefined;

export async function createTestContext(
  options: { config?: Record<string, string> } = {},
): Promise<TestContext> {
  const config = testConfig(options.config);
  const database = await openTestDatabase();
  await seedReferenceData(database.db);
  const institution = await ensureDemoInstitution(database.db, 'Test University');
  const app = await buildApp({ config, database });
  await app.ready();

  let adminToken: string | undefined;
  const context: TestContext = {
    app,
    database,
    config,
    async createUser(input) {
      sequence += 1;
      const email = input.email ?? `user${sequence}-${randomBytes(3).toString('hex')}@example.test`;
      return createUser(database.db, {
        // An input naming a password (or none: `password: undefined`) keeps it.
        ...('password' in input
          ? {}
          : { passwordHash: await (testPasswordHash ??= hashPassword(TEST_PASSWORD)) }),
        institutionId: institution.id,
        ...input,
        email,
      });
    },
    async tokenFor(email, password = TEST_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/api-token-auth/',
        // `human` passes the fake bot check of tests that turn it on.
        payload: { email, password, recaptcha: 'human' },
        // A distinct client address per sign-in keeps the sign-in rate limit out of unrelated tests.
        remoteAddress: `10.9.${(sequence >> 8) & 255}.${sequence & 255}`,
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      return response.json<{ token: string }>().token;
    },
    async tokenForRole(role) {
      const user = await context.createUser({ roles: [role] });
      return context.tokenFor(user.email);
    },
    async institutionWithOfficial(name) {
      adminToken ??= await context.tokenForRole('portal_admin');
      const response = await app.inject({
        method: 'POST',
        url: '/api/institution/',
        headers: auth(adminToken),
        payload: { name, official_name: name },
      });
      if (response.statusCode !== 201) throw new Error(`institution not created: ${response.body}`);
      const created = response.json<InstitutionDto>();
      const official = await context.createUser({ roles: ['sbso'], firstName: 'Olga', lastName: 'Official' });
      await database.db
        .update(institutions)
        .set({ currentIoId: official.id })
        .where(eq(institutions.id, created.id));
      return { institution: created, official };
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
  return context;
}

export const auth = (token: string) => ({ authorization: `JWT ${token}` });

/** The parsed JSON body of an error answer, checked to carry the correlation id both ways. */
export function errorBody(response: LightMyRequestResponse): Record<string, unknown> {
  const body = response.json<Record<string, unknown>>();
  const header = response.headers['x-correlation-id'];
  if (!header || body.correlation_id !== header) {
    throw new Error(`error answer without a matching correlation id: ${response.body}`);
  }
  return body;
}
