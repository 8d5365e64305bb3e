import type { FastifyBaseLogger } from 'fastify';

/**
 * Stops the process cleanly on SIGTERM or SIGINT: `stop` closes the listener (in-flight requests
 * finish, new ones get 503), drains the e-mail outbox and closes the database. A stop that hangs
 * (a stuck connection) is cut off after `deadlineMs`, so an orchestrator never waits forever.
 */
export function stopOnSignals(stop: () => Promise<void>, log: FastifyBaseLogger, deadlineMs = 20_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, shutting down`);
    const deadline = setTimeout(() => {
      log.error(`Shutdown did not finish within ${deadlineMs} ms; exiting.`);
      process.exit(1);
    }, deadlineMs);
    deadline.unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
