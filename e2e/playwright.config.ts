import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { journeyServerEnv } from './scripts/server-env.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database for every run: journeys start from the demo seed.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'rrp-e2e-'));
// E-mails the server sends land here as JSON files (scripts/serve.mjs); workers inherit the path.
process.env.E2E_MAIL_DIR ??= join(dataDir, 'mail');

export default defineConfig({
  testDir: './tests',
  // Each lane of `npm test` runs files one by one, and Playwright empties its output folder first.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Journeys walk several screens on a 2-core machine that also runs the server.
  timeout: 120_000,
  // `npm test` runs the API suite beside the journeys on two cores: a screen can take a few
  // seconds to answer while both lanes are busy, and the axe handler's copy of a new screen
  // (support/test.ts) runs inside the same wait.
  expect: { timeout: 25_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A failed journey keeps a trace of DOM snapshots, without the film of screenshots (recording
    // it took a third of the journeys' CPU). `npm test`'s lanes record none (E2E_TRACE=off): a CI
    // machine's traces go with it, and a failed file run again on its own records one.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
  },
  // `npm test` starts one server per lane itself and runs the journeys against it file by file
  // (scripts/journey-lane.mjs); on its own, Playwright starts and stops the server.
  webServer: process.env.E2E_EXTERNAL_SERVER
    ? undefined
    : {
        command: 'node e2e/scripts/serve.mjs',
        cwd: resolve(import.meta.dirname, '..'),
        url: `http://127.0.0.1:${PORT}/api/health/`,
        timeout: 120_000,
        reuseExistingServer: false,
        env: journeyServerEnv(PORT, dataDir, process.env.E2E_MAIL_DIR),
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
