import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * PGlite has no lock of its own: two processes on one directory corrupt it. The server holds an
 * exclusive lock on DATA_DIR for its lifetime; a second process is refused. A lock left by a
 * crashed process goes stale (its mtime stops being refreshed) and is then taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'server.lock'),
      stale: 10_000,
      update: 2_000,
      retries: 0,
      onCompromised: (error) => {
        // Losing the lock means another process may be writing: stop rather than corrupt data.
        console.error(`Lost the lock on DATA_DIR ${dataDir}: ${error.message}. Stopping.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by another server process. Stop that process, or set DATA_DIR to another directory (or DATABASE_URL to a PostgreSQL server).`,
      );
    }
    throw error;
  }
}
