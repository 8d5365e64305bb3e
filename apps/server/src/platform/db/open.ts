import { join } from 'node:path';
import type { Config } from '../../config';
import { openPglite, openPostgres, type Database } from './database';
import { lockDataDir } from './data-dir-lock';

/**
 * The database the server runs on: PostgreSQL when DATABASE_URL is set, else embedded PGlite
 * under DATA_DIR, which this process then holds exclusively until it closes the database.
 */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.database);
  const release = await lockDataDir(config.dataDir);
  try {
    const database = await openPglite(join(config.dataDir, 'pglite'));
    return {
      ...database,
      close: async () => {
        await database.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
