import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { isProcessAlive } from './process-liveness';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

interface LockOwner {
  pid: number;
  hostname: string;
}

const LOCK_NAME = 'server.lock';
/** Beside the lock directory, not in it: proper-lockfile removes an empty directory. */
const OWNER_NAME = 'server.lock.owner';
/** Held only while the lock above is taken or taken over. */
const GATE_NAME = 'server.lock.gate';

function readOwner(dataDir: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(join(dataDir, OWNER_NAME), 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.hostname === 'string'
      ? { pid: owner.pid, hostname: owner.hostname }
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether the lock was left by a process of this machine that is gone (killed, crashed). Owners
 * on another machine (a shared directory) cannot be checked this way and go stale by time only.
 */
function ownerDied(dataDir: string): boolean {
  const owner = readOwner(dataDir);
  return (
    owner !== null && owner.hostname === hostname() && owner.pid !== process.pid && !isProcessAlive(owner.pid)
  );
}

function removeDeadLock(dataDir: string): void {
  rmSync(join(dataDir, LOCK_NAME), { recursive: true, force: true });
  rmSync(join(dataDir, OWNER_NAME), { force: true });
}

function acquire(dataDir: string): Promise<() => Promise<void>> {
  return lockfile.lock(dataDir, {
    lockfilePath: join(dataDir, LOCK_NAME),
    stale: 10_000,
    update: 2_000,
    retries: 0,
    onCompromised: (error) => {
      // Losing the lock means another process may be writing: stop rather than corrupt data.
      console.error(`Lost the lock on DATA_DIR ${dataDir}: ${error.message}. Stopping.`);
      process.exit(1);
    },
  });
}

/**
 * PGlite has no lock of its own: two processes on one directory corrupt it. The server holds an
 * exclusive lock on DATA_DIR for its lifetime; a second process is refused. A lock left by a
 * process that died on this machine is taken over at once; any other goes stale (its mtime
 * stops being refreshed) after 10 s and is then taken over.
 *
 * Taking the lock, reading its owner and writing it happen under a short second lock, so two
 * processes starting together can never both judge the owner dead and both take over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  // Its own path: proper-lockfile keeps one lock per locked path in a process.
  const gate = join(dataDir, GATE_NAME);
  const releaseGate = await lockfile.lock(gate, {
    realpath: false,
    lockfilePath: gate,
    stale: 5_000,
    retries: { retries: 50, minTimeout: 20, maxTimeout: 200 },
  });
  try {
    let release: () => Promise<void>;
    try {
      release = await acquire(dataDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (!ownerDied(dataDir)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by another server process. Stop that process, or set DATA_DIR to another directory (or DATABASE_URL to a PostgreSQL server).`,
        );
      }
      removeDeadLock(dataDir);
      release = await acquire(dataDir);
    }
    const owner: LockOwner = { pid: process.pid, hostname: hostname() };
    writeFileSync(join(dataDir, OWNER_NAME), JSON.stringify(owner));
    return async () => {
      rmSync(join(dataDir, OWNER_NAME), { force: true });
      await release();
    };
  } finally {
    await releaseGate();
  }
}
