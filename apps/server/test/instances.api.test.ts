import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { emailLogs, files, serverInstances, users } from '../src/db/schema';
import { createProject } from '../src/db/factories';
import { queueEmail } from '../src/platform/mail/outbox';
import {
  countLiveInstances,
  joinCluster,
  StorageNotSharedError,
  type ClusterMembership,
} from '../src/platform/cluster/instance-registry';
import { DataDirInUseError } from '../src/platform/db/data-dir-lock';
import { startServer, type RunningServer } from '../src/server';
import {
  auth,
  createEmptyDatabase,
  createTestContext,
  errorBody,
  testConfig,
  type TestContext,
} from './test-app';
import { freePort } from './postgres-cluster';

/**
 * Several server instances on one database (issue 13 item 6, decision 120): the registry refuses
 * instances whose local files the others cannot see, releases what a crashed one was sending,
 * and instances starting together on an empty database all come up.
 */
let t: TestContext;
const memberships: ClusterMembership[] = [];
const quiet = { warn: () => undefined };
const register = async (storage: string, id = randomUUID()) => {
  memberships.push(await joinCluster(t.database.db, { id, storage }, quiet));
};

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  for (const membership of memberships) await membership.leave();
  await t.close();
});

describe('the instance registry', () => {
  it('refuses an instance whose local files the running ones cannot see, and says why', async () => {
    await register('local:disk-a');
    await register('local:disk-a');
    await expect(register('local:disk-b')).rejects.toThrow(StorageNotSharedError);
    await expect(register('local:disk-b')).rejects.toThrow(
      /S3 storage \(S3_BUCKET\), or give them one shared DATA_DIR/,
    );
    await expect(register('s3:portal-files')).rejects.toThrow(StorageNotSharedError);
    expect(await countLiveInstances(t.database.db)).toBe(2);

    for (const membership of memberships.splice(0)) await membership.leave();
    expect(await countLiveInstances(t.database.db)).toBe(0);
    // With every local instance gone, S3 instances may share the database.
    await register('s3:portal-files');
    await register('s3:portal-files');
    expect(await countLiveInstances(t.database.db)).toBe(2);
    for (const membership of memberships.splice(0)) await membership.leave();
  });

  it('removes instances that are gone and sends again at once what they were sending', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    const crashedHere = randomUUID();
    const silentElsewhere = randomUUID();
    await t.database.db.insert(serverInstances).values([
      // Killed on this machine a moment ago: its heartbeat is fresh but its process is gone.
      { id: crashedHere, hostname: hostname(), pid: dead, storage: 'local:disk-old' },
      // On another machine, silent for a minute.
      {
        id: silentElsewhere,
        hostname: 'other-host',
        pid: 1,
        storage: 'local:disk-other',
        heartbeatAt: sql`now() - interval '1 minute'`,
      },
    ]);
    const mailId = await queueEmail(t.database.db, {
      to: ['ada@example.test'],
      subject: 'Claimed by the crashed instance',
      text: 'x',
      template: 'test',
    });
    await t.database.db
      .update(emailLogs)
      .set({ status: 'sending', claimedBy: crashedHere, nextAttemptAt: sql`now() + interval '2 minutes'` })
      .where(eq(emailLogs.id, mailId));

    // Neither blocks an instance with other storage: they are gone.
    await register('local:disk-new');
    const ids = (await t.database.db.select({ id: serverInstances.id }).from(serverInstances)).map(
      (r) => r.id,
    );
    expect(ids).not.toContain(crashedHere);
    expect(ids).not.toContain(silentElsewhere);
    const [mail] = await t.database.db.select().from(emailLogs).where(eq(emailLogs.id, mailId));
    expect(mail).toMatchObject({ status: 'queued', claimedBy: null });
    expect(mail!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    for (const membership of memberships.splice(0)) await membership.leave();
  });

  it('shows the file storage and the instances in the health check', async () => {
    await register(t.app.fileStorage.identity);
    const health = await t.app.inject({ url: '/api/health/' });
    expect(health.json()).toMatchObject({ status: 'ok', file_storage: 'local', instances: 1 });
    for (const membership of memberships.splice(0)) await membership.leave();
  });
});

describe('a file stored on another instance’s disk', () => {
  let elsewhere: FastifyInstance;
  beforeAll(async () => {
    // What the registry now refuses: a second instance with its own DATA_DIR on the same database.
    elsewhere = await buildApp({ config: testConfig(), database: t.database });
    await elsewhere.ready();
  });
  afterAll(() => elsewhere.close());

  it('answers 404 in the envelope there, never a 500', async () => {
    const owner = await t.createUser({ roles: ['primary_researcher'] });
    const project = await createProject(t.database.db, { ownerId: owner.id, title: 'Two disks' });
    const key = `test/${randomBytes(6).toString('hex')}.pdf`;
    await t.app.fileStorage.put(key, Buffer.from('%PDF-1.4 here'), 'application/pdf');
    const [file] = await t.database.db
      .insert(files)
      .values({
        name: 'letter.pdf',
        storageKey: key,
        type: 'irb',
        contentType: 'application/pdf',
        size: 13,
        creatorId: owner.id,
        projectId: project.id,
        additionalData: { designation: 1 },
      })
      .returning();
    const admin = await t.tokenForRole('portal_admin');
    const here = await t.app.inject({ url: `/api/file/${file!.id}/download/`, headers: auth(admin) });
    expect(here.statusCode).toBe(200);

    for (const url of [`/api/file/${file!.id}/download/`, `/api/file/download/?selected_files=${file!.id}`]) {
      const there = await elsewhere.inject({ url, headers: auth(admin) });
      expect(there.statusCode).toBe(404);
      expect(errorBody(there)).toMatchObject({
        detail: 'The content of this file is not available. Please contact support.',
      });
    }
  });
});

describe('instances starting together', () => {
  const serverUrl = inject('postgresUrl');
  const dataDir = mkdtempSync(join(tmpdir(), 'rrp-together-'));
  let emptyDatabase: Awaited<ReturnType<typeof createEmptyDatabase>> | null = null;
  const started: RunningServer[] = [];

  beforeAll(async () => {
    if (serverUrl) emptyDatabase = await createEmptyDatabase(serverUrl);
  });
  afterAll(async () => {
    for (const server of started) await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    await emptyDatabase?.drop();
  });

  const configFor = async () =>
    testConfig({
      // Development seeds the demo data, whose unique keys two instances used to collide on.
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      ...(emptyDatabase ? { DATABASE_URL: emptyDatabase.url } : {}),
    });

  it(
    serverUrl
      ? 'both come up on an empty PostgreSQL database: migrated, seeded once, registered'
      : 'on embedded PGlite: one serves, the second is refused the data directory',
    async () => {
      const results = await Promise.allSettled([
        startServer(await configFor(), { logger: false }),
        startServer(await configFor(), { logger: false }),
      ]);
      for (const result of results) if (result.status === 'fulfilled') started.push(result.value);

      if (!serverUrl) {
        expect(started).toHaveLength(1);
        const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toBeInstanceOf(DataDirInUseError);
        return;
      }
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      for (const server of started) {
        const address = server.app.server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        const health = await fetch(`http://127.0.0.1:${port}/api/health/`);
        expect(await health.json()).toMatchObject({
          status: 'ok',
          database_kind: 'postgres',
          file_storage: 'local',
          instances: 2,
        });
      }
      const [demo] = await started[0]!.database.db
        .select({ n: count() })
        .from(users)
        .where(eq(users.email, 'superuser@demo.test'));
      expect(demo!.n).toBe(1);
    },
    240_000,
  );
});
