import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL of the PostgreSQL pass (each test file makes its own database on it), or null on PGlite. */
    postgresUrl: string | null;
  }
}

/**
 * The PostgreSQL pass: a throw-away cluster in a temporary directory, started as a non-root user
 * (PostgreSQL refuses root), listening on 127.0.0.1 only, removed afterwards.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('postgresUrl', null);
    return undefined;
  }
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'rrp-pg-'));
  const cluster = await startPostgresCluster(dir, ['fsync=off', 'max_connections=200']);
  project.provide('postgresUrl', cluster.url);
  return () => {
    try {
      cluster.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
