import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rebuildStatusStays } from '../../platform/status-stays';
import { bulkWriter, type Row } from './bulk-writer';
import { generateDonors } from './generate-donors';
import { generateHistory } from './generate-history';
import { generatePeople } from './generate-people';
import { generateProjects } from './generate-projects';
import { generateRequests } from './generate-requests';
import { generateReviews } from './generate-reviews';
import { DAY, readReference, type DataSize } from './generation';
import type { Random } from './random';

/** The size the benchmark targets: several times the foundation's real portal. */
export const FULL_SIZE: DataSize = {
  users: 100_000,
  institutions: 20_000,
  projects: 60_000,
  requests: 200_000,
  history: 1_000_000,
  donors: 20_000,
};

const YEARS_OF_DATA = 8;

/**
 * Adds a realistic population on top of what the database holds (reference and demo data):
 * institutions, researchers and staff with roles and affiliations, projects with teams, requests
 * of every type and status over eight years with their datasets, samples, access lists and
 * reviewers, the history of those objects, and the tissue catalogue's donors. Ids continue after the current maximum, so it can
 * run on a database in use; the same seed gives the same rows.
 */
export async function generateData(
  database: Database,
  size: DataSize,
  log: (line: string) => void,
  seed = 20_240_601,
): Promise<Record<string, number>> {
  const writer = bulkWriter(database);
  const reference = await readReference(database);
  if (reference.datasets.length === 0 || reference.sampleTypes.length === 0) {
    throw new Error('The catalogue is empty: seed the reference and demo data first.');
  }
  const written: Record<string, number> = {};
  const write = async (table: string, columns: readonly string[], source: Iterable<Row>) => {
    const started = Date.now();
    written[table] = (written[table] ?? 0) + (await writer.write(table, columns, source));
    log(`${table}: ${written[table]} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };

  const now = Date.now();
  const start = now - YEARS_OF_DATA * 365 * DAY;
  const spread = (random: Random, index: number, count: number) =>
    new Date(start + ((index + random.next()) / count) * (now - start - 30 * DAY));

  const g = { database, size, seed, reference, now, start, spread, write };
  written.abn_donors = await generateDonors(g);
  log(`abn_donors: ${written.abn_donors} rows`);
  const people = await generatePeople(g);
  const projects = await generateProjects(g, people);
  const requests = await generateRequests(g, people, projects);
  await generateReviews(g, people, requests);
  await generateHistory(g, people, projects, requests);

  // The stays in each status, derived from that history as the migration derives them.
  const stays = Date.now();
  await rebuildStatusStays(database.db);
  log(`request_status_stays: derived from the history (${((Date.now() - stays) / 1000).toFixed(1)} s)`);

  // Explicit ids were written: move each sequence past them, then refresh the planner's statistics.
  for (const table of [
    'institutions',
    'users',
    'projects',
    'research_team_members',
    'requests',
    'files',
    'reviews',
    'history',
  ]) {
    await database.db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${table}"', 'id'), greatest((select max(id) from "${table}"), 1))`,
      ),
    );
  }
  // VACUUM as well as ANALYZE: a freshly loaded table has no visibility map, so every index-only
  // scan (counts, id pages) would still read the heap until autovacuum came by.
  log('vacuum analyze');
  await database.db.execute(sql`vacuum analyze`);
  return written;
}
