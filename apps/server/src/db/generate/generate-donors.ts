import { writeDonors } from '../../modules/tissue/donor-import';
import { generatedDonors } from '../demo-tissue';
import type { Generation } from './generation';

/** Donors per transaction: each is written with its surveys and history, as an import writes it. */
const BATCH = 1000;

/**
 * The tissue catalogue (issue 32): `size.donors` brain donors beside the demo's, written through
 * the importer's `writeDonors` so they carry what an imported donor carries (surveys, history).
 */
export async function generateDonors(
  g: Pick<Generation, 'database' | 'size' | 'seed'>,
  log: (line: string) => void,
) {
  const started = Date.now();
  const donors = generatedDonors(g.size.donors, g.seed);
  let written = 0;
  for (let index = 0; index < donors.length; index += BATCH) {
    const result = await writeDonors(g.database.db, donors.slice(index, index + BATCH));
    written += result.inserted + result.updated;
  }
  log(`abn_donors: ${written} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return written;
}
