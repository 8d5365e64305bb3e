import { donorRow } from '../../modules/tissue/donor-import';
import { upsertDonors } from '../../modules/tissue/donors.repo';
import { generatedDonors } from '../demo-tissue';
import type { Row } from './bulk-writer';
import type { Generation } from './generation';

/** Donors per statement: well under PostgreSQL's limit on a statement's parameters. */
const BATCH = 500;

/**
 * The tissue catalogue (issue 32): `size.donors` brain donors beside the demo's, made as the
 * demo's are, with their surveys. Written in bulk: the importer's `writeDonors` writes each donor's
 * surveys and history one statement at a time, which took half an hour at the full size; the
 * generated donors have no history versions (nothing the benchmark reads shows them).
 */
export async function generateDonors(g: Pick<Generation, 'database' | 'size' | 'seed' | 'write'>) {
  const donors = generatedDonors(g.size.donors, g.seed);
  const surveys: Row[] = [];
  for (let index = 0; index < donors.length; index += BATCH) {
    const batch = donors.slice(index, index + BATCH);
    const written = await upsertDonors(g.database.db, batch.map(donorRow));
    // Surveys for new donors only: a donor kept from an earlier run keeps its own.
    const added = new Map(written.filter((row) => row.inserted).map((row) => [row.donorHash, row.id]));
    for (const donor of batch) {
      const id = added.get(donor.donor_hash);
      if (id === undefined) continue;
      for (const [type, answers] of Object.entries(donor.surveys))
        surveys.push([id, type, JSON.stringify(answers)]);
    }
  }
  await g.write('abn_donor_surveys', ['donor_id', 'survey_type', 'answers'], surveys);
  return donors.length;
}
