// `npm test` after lint and types: two lanes side by side on a 2-core machine. The browser lane
// (build, bundle budget, journeys) mostly waits on a browser and one server; the other lane runs
// the unit tests and the API suite on PGlite and on a PostgreSQL server. Each line is prefixed
// with its lane; the run fails when either lane fails, after both have finished.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const LANES = {
  api: ['test:unit', 'test:api', 'test:api:postgres'],
  browser: ['test:e2e'],
};

function runScript(lane, script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${lane}] ${line}`));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function runLane(lane, scripts) {
  const started = Date.now();
  for (const script of scripts) {
    const code = await runScript(lane, script);
    if (code !== 0) {
      console.log(`[${lane}] ${script} failed (exit ${code})`);
      return false;
    }
  }
  console.log(`[${lane}] passed in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

const results = await Promise.all(Object.entries(LANES).map(([lane, scripts]) => runLane(lane, scripts)));
process.exit(results.every(Boolean) ? 0 : 1);
