// A real ClamAV scanner for tests and browser journeys: `clamd` in the foreground on 127.0.0.1 and
// a free port, offline, with a one-line signature database that flags the EICAR test file.
// Plain JavaScript so that both Vitest (TypeScript) and e2e/scripts/serve.mjs (Node) can use it.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export const CLAMD_MISSING =
  'clamd is not installed: run `apt-get install clamav-daemon` (Debian), or set CLAMD_BIN.';

/** The EICAR anti-virus test string, assembled from parts so no file of the repository is flagged. */
export function eicar() {
  return Buffer.from(
    ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS', '-TEST-FILE!$H+H*'].join(''),
    'latin1',
  );
}

function findClamd() {
  if (process.env.CLAMD_BIN) return existsSync(process.env.CLAMD_BIN) ? process.env.CLAMD_BIN : null;
  const dirs = ['/usr/sbin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(delimiter)];
  for (const dir of dirs) {
    const path = join(dir, 'clamd');
    if (dir && existsSync(path)) return path;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** One clamd command over TCP (`zPING`, `zVERSION`); resolves with the answer without the NUL. */
export function clamdCommand(host, port, command, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let answer = '';
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`clamd did not answer ${command}`)));
    socket.on('data', (data) => (answer += data.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer.replace(/\0/g, '').trim()));
    socket.connect(port, host, () => socket.end(`z${command}\0`));
  });
}

/** When run as root, clamd drops to this user (it exists once clamav-daemon is installed). */
function unprivilegedUser() {
  if (process.getuid?.() !== 0) return null;
  const result = spawnSync('id', ['-u', 'clamav'], { encoding: 'utf8' });
  return result.status === 0 ? 'clamav' : null;
}

/**
 * Starts clamd and waits until it answers PING with PONG. Fails (never skips) with a one-line
 * instruction when clamd is not installed. `stop()` ends it and removes its temporary directory.
 * @returns {Promise<{ host: string; port: number; stop(): Promise<void> }>}
 */
export async function startClamd({ timeoutMs = 60_000 } = {}) {
  const binary = findClamd();
  if (!binary) throw new Error(CLAMD_MISSING);

  const dir = mkdtempSync(join(tmpdir(), 'rrp-clamd-'));
  // clamd may run as the clamav user: the directory and database must be readable by it.
  chmodSync(dir, 0o755);
  const content = eicar();
  const md5 = createHash('md5').update(content).digest('hex');
  const database = join(dir, 'eicar.hdb');
  writeFileSync(database, `${md5}:${content.length}:Eicar-Test-Signature\n`, { mode: 0o644 });

  const host = '127.0.0.1';
  const port = await freePort();
  const user = unprivilegedUser();
  const config = join(dir, 'clamd.conf');
  writeFileSync(
    config,
    [
      `DatabaseDirectory ${dir}`,
      `TCPSocket ${port}`,
      `TCPAddr ${host}`,
      'Foreground yes',
      'LogTime no',
      'LogVerbose no',
      'MaxThreads 4',
      // Room for the largest upload (UPLOAD_MAX_MB, 50 MB by default): clamd's own defaults are 25 MB.
      'StreamMaxLength 200M',
      'MaxFileSize 200M',
      'MaxScanSize 400M',
      // No database self-check or bytecode: the one signature file is all there is.
      'SelfCheck 0',
      'Bytecode no',
      ...(user ? [`User ${user}`] : []),
      '',
    ].join('\n'),
    { mode: 0o644 },
  );

  const child = spawn(binary, ['--config-file', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (data) => (output = (output + data.toString('utf8')).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited = signal ?? code;
      resolve();
    }),
  );

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exit;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`clamd exited (${exited}) before answering: ${output.trim().split('\n').pop()}`);
    }
    const answer = await clamdCommand(host, port, 'PING', 1000).catch(() => '');
    if (answer === 'PONG') {
      // clamd has read its configuration and signatures (and never reloads them: SelfCheck 0), so
      // the directory goes now: nothing is left behind even when this process is killed outright.
      rmSync(dir, { recursive: true, force: true });
      return { host, port, stop };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`clamd did not answer PING within ${timeoutMs} ms: ${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
