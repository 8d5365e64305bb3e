import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * A PostgreSQL server of its own in a directory, from the machine's PostgreSQL binaries: the API
 * tests' throw-away cluster and the benchmark's kept one. Listens on 127.0.0.1 only; started as
 * the `postgres` user when running as root (PostgreSQL refuses root).
 */
export interface PostgresCluster {
  url: string;
  /** Stops the server (`immediate`: nothing to keep; `fast`: a clean shutdown). */
  stop(mode?: 'immediate' | 'fast'): void;
}

function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length > 0) return join(root, versions[0]!, 'bin');
  const fromPgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromPgConfig.status === 0) return fromPgConfig.stdout.trim();
  throw new Error(
    'A PostgreSQL server is needed: run `apt-get install postgresql` (Debian) or give a database URL.',
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the cluster kept in `dir` (created with initdb when absent). `settings` are extra
 * `-c name=value` server settings, e.g. `fsync=off` for a throw-away test cluster.
 */
export async function startPostgresCluster(
  dir: string,
  settings: readonly string[] = [],
): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dataDir = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  if (!existsSync(dataDir)) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    if (asRoot) {
      const postgres = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      if (postgres.status === 0) chownSync(dir, Number(postgres.stdout.trim()), -1);
    }
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  }
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    ...settings.map((s) => `-c ${s}`),
  ];
  run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-o', options.join(' '), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'immediate') => run('pg_ctl', ['-D', dataDir, '-m', mode, 'stop']),
  };
}
