// The browser journeys of `npm test`, shared between lanes: each lane starts its own server (own port,
// fresh demo database, own mail sink) and takes journey files from one queue until it is empty, so
// the lane that finishes its own work first helps with the journeys instead of leaving a core idle.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { journeyServerEnv } from '../e2e/scripts/server-env.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const E2E = join(ROOT, 'e2e');
const PLAYWRIGHT = join(ROOT, 'node_modules', '.bin', 'playwright');

/** Prints a child's output line by line under the lane's prefix. */
export function pipeLines(child, prefix) {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
  }
}

/**
 * The journey files, longest first, so the last ones taken are short and the lanes end together.
 * A file's size is the measure: journeys spend their time on the steps they write.
 */
export function journeyQueue() {
  const tests = join(E2E, 'tests');
  return readdirSync(tests)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ file: `tests/${name}`, size: statSync(join(tests, name)).size }))
    .sort((a, b) => b.size - a.size)
    .map(({ file }) => file);
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

/**
 * Runs journey files from `queue` (shared, taken from the front) against this lane's own server.
 * Answers whether the server started and which files failed; a lane whose server does not start
 * takes no file, and what no lane took is reported by the caller.
 */
export async function runJourneys(lane, port, queue, axeRecord) {
  const dataDir = mkdtempSync(join(tmpdir(), `rrp-e2e-${lane}-`));
  const mailDir = join(dataDir, 'mail');
  const serverEnv = journeyServerEnv(port, dataDir, mailDir);
  // Its own process group, so stopping it stops the SMTP sink, clamd and the server together.
  const server = spawn('node', ['e2e/scripts/serve.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  pipeLines(server, `[${lane} server]`);
  const failed = [];
  try {
    if (!(await waitForHealth(port, server))) {
      console.log(`[${lane}] the journeys' server did not start`);
      return { started: false, failed };
    }
    const env = {
      ...process.env,
      E2E_EXTERNAL_SERVER: '1',
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      E2E_MAIL_DIR: mailDir,
      E2E_AXE_RECORD: axeRecord,
    };
    for (let file = queue.shift(); file; file = queue.shift()) {
      const outputDir = join('test-results', file.replace(/^tests\//, '').replace(/\.spec\.ts$/, ''));
      if (!(await runFile(lane, file, { ...env, E2E_OUTPUT_DIR: outputDir }))) failed.push(file);
    }
    return { started: true, failed };
  } finally {
    if (server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  }
}
