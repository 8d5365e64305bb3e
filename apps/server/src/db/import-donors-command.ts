import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { openDatabase } from '../platform/db/open';
import { describeProblem, importDonors } from '../modules/tissue/donor-import';
import { seedReferenceData } from './seed';

export const IMPORT_DONORS_USAGE = `Usage: npm run cli -- import-donors FILE [--pilot]

Imports tissue donors from a CSV or JSON file (field names as GET abn_data/ answers them; in CSV,
lists separated by ";", conditions as "condition (source)", intellectual functioning as
"intellectual_functioning.level" and similar columns). Donors are matched by donor_hash: running
it again updates them and adds no duplicates. Every record is checked first; if any is bad, each
problem is listed by line and nothing is imported. The file must be UTF-8 text. --pilot puts
donors without a "pilot" value in the pilot set.`;

/** `import-donors FILE`: exit code 0 when imported, 1 with the problems listed when not. */
export async function importDonorsCommand(args: string[], config: Config): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { pilot: { type: 'boolean', default: false } },
  });
  const [path] = positionals;
  if (!path || positionals.length > 1) {
    console.error(IMPORT_DONORS_USAGE);
    process.exit(2);
  }
  // Bytes: the importer refuses a file that is not UTF-8 instead of reading it with replacements.
  const content = await readFile(path);
  const database = await openDatabase(config);
  try {
    await seedReferenceData(database.db);
    const result = await importDonors(
      database.db,
      { name: basename(path), content },
      { pilot: values.pilot },
    );
    if (result.problems.length > 0) {
      console.error(`Nothing was imported: ${result.problems.length} problem(s) in ${basename(path)}:`);
      for (const problem of result.problems) console.error(`  ${describeProblem(problem)}`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(
      `Imported ${result.inserted + result.updated} donors: ${result.inserted} new, ${result.updated} updated.\n`,
    );
  } finally {
    await database.close();
  }
}
