import { loadConfig } from '../src/config';
import { startServer } from '../src/server';

/**
 * The crash tests' server: main.ts's start, plus a kill -9 of this process the moment the write
 * under the Idempotency-Key named by `CRASH_AFTER_COMMIT_OF_KEY` has committed, before it is
 * answered. The fault point is an option of the app, so the product code holds no test switch.
 */
const key = process.env.CRASH_AFTER_COMMIT_OF_KEY;

startServer(loadConfig(), {
  logger: false,
  faults: {
    idempotency: {
      afterWriteCommitted: (request) => {
        if (key && request.headers['idempotency-key'] === key) process.kill(process.pid, 'SIGKILL');
      },
    },
  },
}).catch((error: unknown) => {
  console.error('Start-up failed:', error);
  process.exit(1);
});
