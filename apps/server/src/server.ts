import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { buildApp, type AppOptions } from './app';
import { openDatabase } from './platform/db/open';
import type { Database } from './platform/db/database';
import { joinCluster, type ClusterMembership } from './platform/cluster/instance-registry';
import { preloadServerRenderer } from './platform/http/server-render';
import { seedDemoData, seedReferenceData } from './db/seed';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** Stops listening and sending, leaves the instance registry, closes the database. */
  close(): Promise<void>;
}

/**
 * One server instance: database (locked, migrated, seeded), the instance registry, then listen.
 * Several instances may start together on one PostgreSQL database: migrations, seeds and joining
 * the registry each take an advisory lock in turn.
 */
export async function startServer(
  config: Config,
  options: { logger: boolean; faults?: AppOptions['faults'] },
): Promise<RunningServer> {
  const database = await openDatabase(config);
  const instanceId = randomUUID();
  let app: FastifyInstance | undefined;
  let membership: ClusterMembership | undefined;
  try {
    await seedReferenceData(database.db);
    app = await buildApp({ config, database, logger: options.logger, instanceId, faults: options.faults });
    // Before anything is stored or sent: refused if another instance keeps files elsewhere;
    // what a crashed predecessor was sending is released to be sent again.
    membership = await joinCluster(
      database.db,
      { id: instanceId, storage: app.fileStorage.identity },
      app.log,
    );
    if (!config.isProduction) {
      await seedDemoData(
        database.db,
        config.demoPassword,
        app.demo.attachDefaultRda,
        app.demo.attachIrb,
        app.demo.storeDonorDocument,
      );
    }
    await app.listen({ port: config.port, host: config.host });
    preloadServerRenderer();
    app.outbox.start();
    app.webhooks.start();
    app.jobs.start();
    const running = app;
    const registered = membership;
    return {
      app: running,
      database,
      async close() {
        await running.close();
        await registered.leave().catch(() => undefined);
        await database.close();
      },
    };
  } catch (error) {
    await app?.close();
    await membership?.leave().catch(() => undefined);
    await database.close();
    throw error;
  }
}
