import { loadConfig, ConfigError } from './config';
import { startServer } from './server';
import { DataDirInUseError } from './platform/db/data-dir-lock';
import { StorageNotSharedError } from './platform/cluster/instance-registry';
import { stopOnSignals } from './platform/shutdown';

/** Process entry: config, the server, and a clean stop on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config, { logger: true });
  // Stops listening (in-flight requests finish), drains the e-mail outbox, leaves the instance
  // registry and closes the database; cut off after 20 s.
  stopOnSignals(() => server.close(), server.app.log);
  server.app.log.info(
    `${config.productName} on http://localhost:${config.port} (database: ${server.database.kind}${server.database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
  );
}

main().catch((error: unknown) => {
  // Refusals an operator can act on are one line; anything else with its stack.
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof StorageNotSharedError
  ) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
