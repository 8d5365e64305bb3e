// `npm test`: lint and types side by side, then three lanes side by side on a 2-core machine. The browser
// lane builds the app and checks the bundle budget; the api lane runs the unit tests and the API suite
// on PGlite and on a PostgreSQL server; the journeys lane has no work of its own. Then each lane, as
// soon as its own work is done and the app is built, runs browser journeys from one shared queue
// against its own server (scripts/journey-lane.mjs). A journey mostly waits (a walk's page is watched
// for 2.5 s after it settles; its server was idle 99 s of 123), so a second journey lane beside the
// API suite uses what the waiting leaves of the cores. Each line is prefixed with its lane; the run
// fails when any script or journey fails, after all have finished.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOURNEY_SECONDS, failureLines, journeyQueue, pipeLines, runJourneys } from './journey-lane.mjs';

const LANES = [
  {
    lane: 'api',
    ports: [3101, 3111],
    steps: [
      ['npm', 'run', '--silent', 'test:unit'],
      ['npm', 'run', '--silent', 'test:api'],
      ['npm', 'run', '--silent', 'test:api:postgres'],
    ],
  },
  {
    lane: 'browser',
    ports: [3100, 3110],
    steps: [
      ['npm', 'run', '--silent', 'build'],
      ['npm', 'run', '--silent', 'test:bundle'],
      ['node', 'e2e/scripts/ensure-chromium.mjs'],
    ],
  },
  { lane: 'journeys', ports: [3120, 3130], steps: [] },
];

const queue = journeyQueue();
const journeyCount = queue.length;
// Journeys need the built app: they start once the browser lane's steps have passed.
let openJourneys;
const journeysOpen = new Promise((open) => (openJourneys = open));
const recordDir = mkdtempSync(join(tmpdir(), 'rrp-axe-'));
const axeRecord = join(recordDir, 'checked.txt');
const walkRecord = join(recordDir, 'walk.jsonl');

function runStep(lane, [command, ...args]) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    pipeLines(child, `[${lane}]`);
    child.on('close', (code) => done(code ?? 1));
  });
}

/** Steps that failed, as `[lane] command (exit n)`, repeated in the run's last lines. */
const failedSteps = [];

async function runLane({ lane, ports, steps }) {
  const started = Date.now();
  let passed = true;
  for (const step of steps) {
    const code = await runStep(lane, step);
    if (code !== 0) {
      failedSteps.push(`[${lane}] ${step.join(' ')} (exit ${code})`);
      console.log(`[${lane}] ${step.join(' ')} failed (exit ${code})`);
      passed = false;
      break;
    }
  }
  const seconds = () => Math.round((Date.now() - started) / 1000);
  console.log(`[${lane}] own steps ${passed ? 'passed' : 'failed'} after ${seconds()} s`);
  if (lane === 'browser') openJourneys(passed);
  if (!(await journeysOpen)) return { passed, failedJourneys: [], journeySeconds: {} };
  const journeys = await runJourneys(lane, ports, queue, axeRecord, walkRecord);
  console.log(`[${lane}] journeys done after ${seconds()} s`);
  return {
    passed: passed && journeys.started,
    failedJourneys: journeys.failed,
    journeySeconds: journeys.seconds,
  };
}

// Lint and types first, side by side (each uses a core and a half for about 45 s); nothing else
// runs if either fails.
const checks = await Promise.all([
  runStep('lint', ['npm', 'run', '--silent', 'lint']),
  runStep('types', ['npm', 'run', '--silent', 'typecheck']),
]);
if (checks.some((code) => code !== 0)) {
  console.log('Lint or types failed: npm test stops here.');
  process.exit(1);
}

const results = await Promise.all(LANES.map(runLane));
const failedJourneys = results.flatMap((result) => result.failedJourneys);
// The screen walk's table of routes × roles (e2e/support/walk), from both lanes' visits.
const { readRows, walkTable } = await import('../e2e/support/walk/record.ts');
const walkRows = readRows(walkRecord);
console.log(walkRows.length > 0 ? walkTable(walkRows) : 'Screen walk: no visits recorded');
// This run's time of each journey file, in the shape of the table the queue is ordered by.
const measured = Object.assign({}, ...results.map((result) => result.journeySeconds));
if (Object.keys(measured).length > 0) {
  const sorted = Object.fromEntries(Object.entries(measured).sort((a, b) => b[1] - a[1]));
  const outDir = join(import.meta.dirname, '..', 'e2e', 'test-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'journey-seconds.json'), `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(
    `Journey files' seconds: e2e/test-results/journey-seconds.json (the queue's order: ${JOURNEY_SECONDS})`,
  );
}
if (queue.length > 0) console.log(`Journeys no lane could run: ${queue.join(', ')}`);
if (failedJourneys.length > 0) console.log(`Journey files that failed: ${failedJourneys.join(', ')}`);
if (failedSteps.length > 0) console.log(`Steps that failed:\n  ${failedSteps.join('\n  ')}`);
if (failureLines.size > 0) {
  const lines = [...failureLines];
  const shown = lines.slice(0, 40);
  console.log(`Failing tests (search the log for each):\n  ${shown.join('\n  ')}`);
  if (lines.length > shown.length) console.log(`  … and ${lines.length - shown.length} more`);
}
const passed = results.every((result) => result.passed) && queue.length === 0 && failedJourneys.length === 0;
console.log(`${journeyCount} journey files; npm test ${passed ? 'passed' : 'failed'}`);
process.exit(passed ? 0 : 1);
