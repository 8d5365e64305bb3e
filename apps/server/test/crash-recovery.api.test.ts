import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { emailLogs, idempotencyKeys, projects } from '../src/db/schema';
import { createUser, ensureDemoInstitution } from '../src/db/factories';
import { seedReferenceData } from '../src/db/seed';
import { openPglite, type Database } from '../src/platform/db/database';
import { startFakeSmtp, type CapturedMail } from './fake-smtp';
import { openTestDatabase, TEST_PASSWORD } from './test-app';
import { freePort } from './postgres-cluster';
import { bundleServer } from '../scripts/bundle-server.mjs';

/**
 * kill -9 of a real server process in the middle of a burst of writes (issue 13 item 7): nothing
 * it acknowledged is lost, it restarts at once on the same data (PGlite's lock is taken over),
 * the e-mail it was sending goes out once more with the same Message-ID, and clients retrying
 * their unanswered writes with their Idempotency-Key create no duplicates.
 */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const EMAIL = 'crash.researcher@example.test';
const JWT_SECRET = 'crash-test-secret-that-is-long-enough-for-signing';
const BURST_LIMIT = 300;

let dataDir: string;
/** The server and the crash tests' entry, bundled once for the file's four starts. */
let bundleDir: string;
let postgres: (Database & { url: string | null }) | null = null;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let child: ChildProcess | null = null;
let output = '';
let port: number;
/** Set by the SMTP sink: the server is killed the moment its first e-mail has arrived. */
let killedOnMail: CapturedMail | null = null;

/** The data the server starts on: reference data and one researcher. */
async function prepare(database: Database) {
  await seedReferenceData(database.db);
  const institution = await ensureDemoInstitution(database.db, 'Crash University');
  await createUser(database.db, {
    email: EMAIL,
    password: TEST_PASSWORD,
    roles: ['primary_researcher'],
    institutionId: institution.id,
  });
}

/**
 * The server as deployed (`main`, built the way `npm run build` builds it), or the crash tests' own
 * entry with its fault point (`crash-server`, test/crash-server.ts). Plain JavaScript starts in a
 * fraction of the CPU that compiling the sources on the fly with tsx took (about 14 s a start).
 */
function startChild(
  entry: 'main' | 'crash-server' = 'main',
  extraEnv: Record<string, string> = {},
): ChildProcess {
  const server = spawn(process.execPath, ['--enable-source-maps', join(bundleDir, `${entry}.js`)], {
    cwd: SERVER_DIR,
    env: {
      ...extraEnv,
      PATH: process.env.PATH,
      // Production seeds no demo data, so the server starts quickly on the prepared data.
      NODE_ENV: 'production',
      JWT_SECRET,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return server;
}

/** Resolves once the process has exited, also when it already has ('exit' is emitted only once). */
function exited(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return once(server, 'exit').then(() => undefined);
}

const base = () => `http://127.0.0.1:${port}/api`;

async function waitUntilServing(server: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${base()}/health/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${output}`);
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}\n${output}`);
}

beforeAll(async () => {
  // One level under apps/server, where src/paths.ts finds the migrations from a bundle.
  bundleDir = mkdtempSync(join(SERVER_DIR, '.test-server-'));
  await bundleServer(bundleDir, { main: 'src/main.ts', 'crash-server': 'test/crash-server.ts' });
  dataDir = mkdtempSync(join(tmpdir(), 'rrp-crash-'));
  port = await freePort();
  smtp = await startFakeSmtp({
    beforeAccept: (mail) => {
      if (killedOnMail || !child) return;
      // Received, not yet acknowledged, not yet recorded as sent: the worst moment to die.
      killedOnMail = mail;
      child.kill('SIGKILL');
    },
  });
  if (inject('postgresUrl')) {
    postgres = await openTestDatabase();
    await prepare(postgres);
  } else {
    // Where the server will find it: DATA_DIR/pglite.
    const embedded = await openPglite(join(dataDir, 'pglite'));
    await prepare(embedded);
    await embedded.close();
  }
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited(child);
  }
  await smtp?.close();
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
});

const createProject = (token: string, title: string, key: string) =>
  fetch(`${base()}/project/`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ title, abstract: 'Written during a crash.', non_autism_research: false }),
  });

async function signIn(): Promise<string> {
  const response = await fetch(`${base()}/api-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: TEST_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Reads the database itself once the server has stopped. */
async function withStoppedDatabase<T>(read: (database: Database) => Promise<T>): Promise<T> {
  const database = postgres ?? (await openPglite(join(dataDir, 'pglite')));
  try {
    return await read(database);
  } finally {
    if (!postgres) await database.close();
  }
}

describe('kill -9 mid-burst', () => {
  it('loses nothing committed, restarts at once and sends the interrupted e-mail again with its Message-ID', async () => {
    child = startChild();
    await waitUntilServing(child);
    const token = await signIn();

    // The burst: four clients writing projects until the server dies under them.
    const acknowledged = new Map<string, number>();
    const unanswered: { title: string; key: string }[] = [];
    let sent = 0;
    let mailRequested = false;
    const client = async () => {
      while (!killedOnMail && sent < BURST_LIMIT) {
        const n = sent++;
        const attempt = { title: `Crash burst ${n}`, key: `crash-burst-${n}` };
        try {
          const response = await createProject(token, attempt.title, attempt.key);
          expect(response.status).toBe(201);
          acknowledged.set(attempt.title, ((await response.json()) as { id: number }).id);
        } catch {
          unanswered.push(attempt);
          return;
        }
        if (acknowledged.size === 20 && !mailRequested) {
          mailRequested = true;
          // An e-mail in the middle of the burst; the sink kills the server when it arrives.
          void fetch(`${base()}/forgot-password/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: EMAIL }),
          }).catch(() => undefined);
        }
      }
    };
    await Promise.all([client(), client(), client(), client()]);
    expect(killedOnMail, `the e-mail never arrived:\n${output}`).not.toBeNull();
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(20);

    // Restart at once on the same data: no "DATA_DIR in use" while the dead lock goes stale.
    output = '';
    child = startChild();
    await waitUntilServing(child);

    // The interrupted e-mail goes out again, once, under the same Message-ID.
    await until(() => smtp.inbox.length >= 2, 'the e-mail to be sent again');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.inbox).toHaveLength(2);
    expect(smtp.inbox[1]!.messageId).toBe(killedOnMail!.messageId);
    expect(smtp.inbox[1]!.subject).toBe(killedOnMail!.subject);
    expect(smtp.inbox[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@portal\.test>$/);

    // Clients retry what got no answer under the same key: replayed, or created now, never twice;
    // never "its answer was not kept", as the answer commits with the write.
    for (const attempt of unanswered) {
      const response = await createProject(token, attempt.title, attempt.key);
      expect(response.status, await response.clone().text()).toBe(201);
      expect(((await response.json()) as { title: string }).title).toBe(attempt.title);
    }
    for (const [title, id] of acknowledged) {
      const response = await fetch(`${base()}/project/${id}/`, {
        headers: { authorization: `JWT ${token}` },
      });
      expect(response.status, title).toBe(200);
      expect(((await response.json()) as { title: string }).title).toBe(title);
    }

    // Stopped cleanly, then the database itself is read.
    child.kill('SIGTERM');
    await exited(child);
    await withStoppedDatabase(async (database) => {
      const written = await database.db
        .select({ id: projects.id, title: projects.title })
        .from(projects)
        .where(like(projects.title, 'Crash burst %'));
      const titles = written.map((row) => row.title);
      expect(new Set(titles).size).toBe(titles.length);
      for (const [title, id] of acknowledged) expect(written).toContainEqual({ id, title });
      for (const attempt of unanswered) expect(titles).toContain(attempt.title);

      const [mail] = await database.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.template, 'reset-password'));
      expect(mail).toMatchObject({ status: 'sent', attempts: 2, claimedBy: null });
      expect(`<${mail!.messageId}@portal.test>`).toBe(killedOnMail!.messageId);
    });
  }, 300_000);
});

describe('kill -9 between the commit of a write and its answer', () => {
  it('answers the retry with the answer kept by the write, and writes nothing twice', async () => {
    const key = 'crash-after-commit';
    const title = 'Committed, never answered';
    // Killed with SIGKILL by the fault point once this key's write has committed.
    output = '';
    child = startChild('crash-server', { CRASH_AFTER_COMMIT_OF_KEY: key });
    await waitUntilServing(child);
    const token = await signIn();
    await expect(createProject(token, title, key)).rejects.toThrow();
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');

    output = '';
    child = startChild();
    await waitUntilServing(child);
    const retry = await createProject(token, title, key);
    expect(retry.status, await retry.clone().text()).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const answer = (await retry.json()) as { id: number; title: string };
    expect(answer.title).toBe(title);
    // A second retry gets the same answer again.
    const again = await createProject(token, title, key);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(answer);

    child.kill('SIGTERM');
    await exited(child);
    await withStoppedDatabase(async (database) => {
      const written = await database.db
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.title, title));
      expect(written).toEqual([{ id: answer.id }]);
      const [kept] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(kept).toMatchObject({ statusCode: 201 });
      expect(JSON.parse(kept!.response!)).toEqual(answer);
    });
  }, 300_000);
});
