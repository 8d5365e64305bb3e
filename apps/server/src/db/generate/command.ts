import { parseArgs } from 'node:util';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { openDatabase } from '../../platform/db/open';
import { seedDemoData, seedReferenceData } from '../seed';
import { FULL_SIZE, generateData } from './generate-data';
import type { DataSize } from './generation';

export const GENERATE_USAGE = `Usage: npm run cli -- generate-data [--users 100000] [--institutions 20000] [--projects 60000]
                                   [--requests 200000] [--history 1000000] [--donors 20000]
                                   [--seed N]

Adds generated institutions, users, projects, requests, history and tissue donors (defaults: the
benchmark's size) to the configured database, after the reference and demo data. Refused when
NODE_ENV=production.`;

function count(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new Error(`--${name} must be a whole number.`);
  return Number(raw);
}

/** `generate-data`: fills a development or benchmark database with a realistic population. */
export async function generateDataCommand(args: string[], config: Config): Promise<void> {
  if (config.isProduction) throw new Error('generate-data refuses to run with NODE_ENV=production.');
  const { values } = parseArgs({
    args,
    options: {
      users: { type: 'string' },
      institutions: { type: 'string' },
      projects: { type: 'string' },
      requests: { type: 'string' },
      history: { type: 'string' },
      donors: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const size: DataSize = {
    users: count(values.users, FULL_SIZE.users, 'users'),
    institutions: count(values.institutions, FULL_SIZE.institutions, 'institutions'),
    projects: count(values.projects, FULL_SIZE.projects, 'projects'),
    requests: count(values.requests, FULL_SIZE.requests, 'requests'),
    history: count(values.history, FULL_SIZE.history, 'history'),
    donors: count(values.donors, FULL_SIZE.donors, 'donors'),
  };
  if (size.institutions < 1 || size.projects < 1)
    throw new Error('--institutions and --projects must be at least 1.');
  const started = Date.now();
  // Bulk loading and ANALYZE may run longer than the API's statement timeout allows.
  const database = await openDatabase({ ...config, database: { ...config.database, statementTimeoutMs: 0 } });
  try {
    await seedReferenceData(database.db);
    const app = await buildApp({ config, database });
    await seedDemoData(
      database.db,
      config.demoPassword,
      app.demo.attachDefaultRda,
      app.demo.attachIrb,
      app.demo.storeDonorDocument,
    );
    await app.close();
    const written = await generateData(
      database,
      size,
      (line) => console.log(line),
      values.seed === undefined ? undefined : count(values.seed, 0, 'seed'),
    );
    const total = Object.values(written).reduce((sum, rows) => sum + rows, 0);
    console.log(
      `Generated ${total} rows on ${database.kind} in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    );
  } finally {
    await database.close();
  }
}
