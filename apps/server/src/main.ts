import { loadConfig, ConfigError } from './config';
import { buildApp } from './app';
import { openDatabase } from './platform/db/open';
import { DataDirInUseError } from './platform/db/data-dir-lock';
import { seedDemoData, seedReferenceData } from './db/seed';

/** Process entry: config, database (locked, migrated, seeded), then listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await seedReferenceData(database.db);
  const app = await buildApp({ config, database, logger: true });
  if (!config.isProduction)
    await seedDemoData(database.db, config.demoPassword, app.demo.attachDefaultRda, app.demo.attachIrb);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
