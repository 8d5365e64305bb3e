// The browser journeys of `npm test`, shared between lanes: each lane takes journey files from one
// queue until it is empty, so the lane that finishes its own work first helps with the journeys
// instead of leaving a core idle. Every file runs against its own server (the lane's port, its own
// mail sink and clamd) on a fresh copy of a demo database seeded once per run, so no journey sees
// what another file did, whichever lane or order it runs in.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { journeyServerEnv } from '../e2e/scripts/server-env.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const E2E = join(ROOT, 'e2e');
const PLAYWRIGHT = join(ROOT, 'node_modules', '.bin', 'playwright');

// A failing test's own line from Vitest (`FAIL  web  file > test`) or Playwright (`✘ … › test`),
// colours taken off: kept so the run can name what failed in its last lines, which are all a CI
// log shows when the screen walk's table comes after them.
const FAILURE_LINE = /^\s*(FAIL|✘)\s/;
/** The failing tests' lines seen so far, with their lane's prefix, each once. */
export const failureLines = new Set();

/** Prints a child's output line by line under the lane's prefix. */
export function pipeLines(child, prefix) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      console.log(`${prefix} ${line}`);
      const plain = stripVTControlCharacters(line);
      if (FAILURE_LINE.test(plain)) failureLines.add(`${prefix} ${plain.trim()}`);
    });
  }
}

/** Seconds each journey file took in a whole `npm test` run (both lanes busy), as measured. */
export const JOURNEY_SECONDS = join(E2E, 'journey-seconds.json');

/**
 * The journey files, longest first, so the last ones taken are short and the lanes end together.
 * The measure is each file's time in an earlier run (JOURNEY_SECONDS), not its size: the screen
 * walks are short files that run for five minutes each, and taken last they left one lane running
 * alone. A file with no time yet goes first, where a long one costs nothing, by size among themselves.
 */
export function journeyQueue() {
  const tests = join(E2E, 'tests');
  const seconds = existsSync(JOURNEY_SECONDS) ? JSON.parse(readFileSync(JOURNEY_SECONDS, 'utf8')) : {};
  const files = readdirSync(tests)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ file: `tests/${name}`, size: statSync(join(tests, name)).size }))
    .map((entry) => ({ ...entry, seconds: seconds[entry.file] }));
  const timed = files.filter((entry) => typeof entry.seconds === 'number');
  const untimed = files.filter((entry) => typeof entry.seconds !== 'number');
  return [
    ...untimed.sort((a, b) => b.size - a.size),
    ...timed.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file)),
  ].map(({ file }) => file);
}

async function waitForHealth(port, server) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) return false;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health/`);
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  return false;
}

function runFile(lane, file, env) {
  return new Promise((done) => {
    const child = spawn(PLAYWRIGHT, ['test', file], { cwd: E2E, env, stdio: ['ignore', 'pipe', 'pipe'] });
    pipeLines(child, `[${lane}]`);
    child.on('close', (code) => done(code === 0));
  });
}

/** Starts the journeys' server (SMTP sink, clamd and the app) on `dataDir`; null if it does not answer. */
async function startServer(lane, port, dataDir, mailDir) {
  // Its own process group, so stopping it stops the SMTP sink, clamd and the server together.
  const server = spawn('node', ['e2e/scripts/serve.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ...journeyServerEnv(port, dataDir, mailDir) },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  pipeLines(server, `[${lane} server]`);
  if (await waitForHealth(port, server)) return server;
  await stopServer(server, port);
  return null;
}

/**
 * Stops a server and waits until it is gone: serve.mjs passes SIGTERM on to the app, which closes
 * its database cleanly (so its directory can be copied) and releases the data directory; the whole
 * process group is killed only if that takes more than 30 s.
 */
async function stopServer(server, port) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  process.kill(server.pid, 'SIGTERM');
  const forced = setTimeout(() => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 30_000);
  await exited;
  clearTimeout(forced);
  await portFree(port);
}

/** Waits until nothing listens on the port any more, so the next health check reaches a new server. */
async function portFree(port) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const listening = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
      () => true,
      () => false,
    );
    if (!listening) return;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * The demo database every journey file starts from, seeded once per run by the first lane to
 * need it (the other lane, joining later, copies it instead of seeding its own): a server's first
 * start migrates and seeds, and stopped cleanly its directory is the template of every file's.
 * Answers the directory, or null if that server did not start.
 */
let demoDatabase = null;
function seededDemoDatabase(lane, port) {
  demoDatabase ??= (async () => {
    const seeded = join(mkdtempSync(join(tmpdir(), 'rrp-e2e-seeded-')), 'seeded');
    const seeding = await startServer(lane, port, seeded, `${seeded}-mail`);
    if (!seeding) return null;
    await stopServer(seeding, port);
    return seeded;
  })();
  return demoDatabase;
}

/**
 * Runs journey files from `queue` (shared, taken from the front), each against a fresh server on
 * a copy of the run's demo database. While one file runs, the next file's server starts on the
 * lane's other port, so no file waits for its server (a start takes 5–15 s on two busy cores).
 * Answers whether the seeding server started, which files failed and how many seconds each file
 * took; a lane without a demo database takes no file, and what no lane took is reported by the caller.
 */
export async function runJourneys(lane, ports, queue, axeRecord, walkRecord) {
  const workDir = mkdtempSync(join(tmpdir(), `rrp-e2e-${lane}-`));
  const seeded = await seededDemoDatabase(lane, ports[0]);
  if (!seeded) {
    console.log(`[${lane}] the journeys' server did not start`);
    return { started: false, failed: [], seconds: {} };
  }

  /** Takes the next file from the queue and starts its server on `port`; null when none is left. */
  function prepare(port) {
    const file = queue.shift();
    if (!file) return null;
    const name = file.replace(/^tests\//, '').replace(/\.spec\.ts$/, '');
    const dataDir = join(workDir, name);
    const mailDir = join(workDir, `${name}-mail`);
    cpSync(seeded, dataDir, { recursive: true });
    mkdirSync(mailDir, { recursive: true });
    return startServer(lane, port, dataDir, mailDir).then((server) => ({
      file,
      name,
      port,
      dataDir,
      mailDir,
      server,
    }));
  }

  const failed = [];
  const seconds = {};
  let turn = 0;
  for (let next = prepare(ports[0]); next;) {
    const { file, name, port, dataDir, mailDir, server } = await next;
    turn += 1;
    next = prepare(ports[turn % 2]);
    if (!server) {
      console.log(`[${lane}] the server for ${file} did not start`);
      failed.push(file);
      rmSync(dataDir, { recursive: true, force: true });
      continue;
    }
    try {
      const env = {
        ...process.env,
        E2E_EXTERNAL_SERVER: '1',
        E2E_PORT: String(port),
        E2E_DATA_DIR: dataDir,
        E2E_MAIL_DIR: mailDir,
        E2E_AXE_RECORD: axeRecord,
        // The screen walk's visits, one line each, printed as one table at the end of the run.
        E2E_WALK_RECORD: walkRecord,
        E2E_OUTPUT_DIR: join('test-results', name),
        E2E_TRACE: 'off',
      };
      const started = Date.now();
      const passed = await runFile(lane, file, env);
      seconds[file] = Math.round((Date.now() - started) / 1000);
      if (!passed) {
        failed.push(file);
        console.log(
          `[${lane}] ${file} failed; for a trace, run it alone: cd e2e && npx playwright test ${file}`,
        );
      }
    } finally {
      await stopServer(server, port);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { started: true, failed, seconds };
}
