import { loadConfig, ConfigError } from './config';
import { buildApp } from './app';
import { openDatabase } from './platform/db/open';
import { DataDirInUseError } from './platform/db/data-dir-lock';
import { seedDemoData, seedReferenceData } from './db/seed';
import { stopOnSignals } from './platform/shutdown';

/** Process entry: config, database (locked, migrated, seeded), then listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await seedReferenceData(database.db);
  const app = await buildApp({ config, database, logger: true });
  if (!config.isProduction)
    await seedDemoData(database.db, config.demoPassword, app.demo.attachDefaultRda, app.demo.attachIrb);

  // app.close() lets in-flight requests finish, then its onClose hooks drain the e-mail outbox.
  stopOnSignals(async () => {
    await app.close();
    await database.close();
  }, app.log);

  await app.listen({ port: config.port, host: config.host });
  app.outbox.start();
  app.log.info(
    `${config.productName} on http://localhost:${config.port} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
