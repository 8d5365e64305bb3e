import { hostname } from 'node:os';
import { eq, getTableColumns, inArray, ne, not, sql } from 'drizzle-orm';
import { serverInstances } from '../../db/schema';
import { ADVISORY_LOCKS, lockForTransaction, type Db, type Tx } from '../db/database';
import { isProcessAlive } from '../db/process-liveness';
import { releaseEmailClaims } from '../mail/outbox';

/** How often a running instance says it is alive, and after how long without that it counts as gone. */
const HEARTBEAT_SECONDS = 10;
const GONE_AFTER_SECONDS = 30;

export class StorageNotSharedError extends Error {
  override name = 'StorageNotSharedError';
}

type InstanceRow = typeof serverInstances.$inferSelect;

/** No heartbeat for a while, judged by the database's clock (the instances' clocks may differ). */
const silent = sql<boolean>`${serverInstances.heartbeatAt} < now() - make_interval(secs => ${GONE_AFTER_SECONDS})`;

/** Gone: silent, or its process no longer exists on this machine (kill -9). */
function isGone(row: InstanceRow & { silent: boolean }): boolean {
  return row.silent || (row.hostname === hostname() && row.pid !== process.pid && !isProcessAlive(row.pid));
}

/**
 * Removes instances that are gone and releases what they held (e-mails they were sending), so
 * nothing waits for a lease to run out after a crash. Runs under the registry's lock.
 */
async function removeGoneInstances(tx: Tx, ownId: string): Promise<InstanceRow[]> {
  const rows = await tx
    .select({ ...getTableColumns(serverInstances), silent })
    .from(serverInstances)
    .where(ne(serverInstances.id, ownId));
  const gone = rows.filter(isGone).map((row) => row.id);
  if (gone.length > 0) {
    await tx.delete(serverInstances).where(inArray(serverInstances.id, gone));
    await releaseEmailClaims(tx, gone);
  }
  return rows.filter((row) => !gone.includes(row.id));
}

/**
 * Local files are only on the disk of the instance that stored them: every instance on one
 * database must then see the same storage directory (its id file is the same), or use S3.
 */
function conflictWith(own: string, others: InstanceRow[]): InstanceRow | undefined {
  return others.find(
    (other) => other.storage !== own && (own.startsWith('local:') || other.storage.startsWith('local:')),
  );
}

export interface ClusterMembership {
  /** Stops the heartbeat and removes this instance from the registry (a clean shutdown). */
  leave(): Promise<void>;
}

/**
 * Registers this server process in `server_instances` (decision 120). Refused, with a message,
 * when another running instance on this database keeps its files elsewhere on local disk. A
 * heartbeat keeps the row fresh and removes instances that stopped beating.
 */
export async function joinCluster(
  db: Db,
  instance: { id: string; storage: string },
  log: { warn(obj: object, msg: string): void },
): Promise<ClusterMembership> {
  const register = (tx: Tx) =>
    tx
      .insert(serverInstances)
      .values({ id: instance.id, hostname: hostname(), pid: process.pid, storage: instance.storage })
      .onConflictDoUpdate({ target: serverInstances.id, set: { heartbeatAt: sql`now()` } });

  await db.transaction(async (tx) => {
    await lockForTransaction(tx, ADVISORY_LOCKS.instances);
    const others = await removeGoneInstances(tx, instance.id);
    const conflict = conflictWith(instance.storage, others);
    if (conflict) {
      throw new StorageNotSharedError(
        `Another server instance (${conflict.hostname}, pid ${conflict.pid}) uses this database with files in ${describeStorage(conflict.storage)}, and this one keeps them in ${describeStorage(instance.storage)}. ` +
          'A file stored by one would be missing on the other. Run several instances with S3 storage (S3_BUCKET), or give them one shared DATA_DIR.',
      );
    }
    await register(tx);
  });

  const beat = async () => {
    await db.transaction(async (tx) => {
      await lockForTransaction(tx, ADVISORY_LOCKS.instances);
      // Registered again if another instance took this one for gone (a long pause).
      await register(tx);
      await removeGoneInstances(tx, instance.id);
    });
  };
  const timer = setInterval(() => {
    beat().catch((error: unknown) =>
      log.warn({ error: (error as Error).message }, 'instance heartbeat failed'),
    );
  }, HEARTBEAT_SECONDS * 1000);
  timer.unref();

  return {
    async leave() {
      clearInterval(timer);
      await db.delete(serverInstances).where(eq(serverInstances.id, instance.id));
    },
  };
}

function describeStorage(storage: string): string {
  return storage.startsWith('local:') ? 'a local directory' : `the bucket ${storage.slice('s3:'.length)}`;
}

/** Instances that beat recently, for the health check. */
export async function countLiveInstances(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(serverInstances)
    .where(not(silent));
  return row?.count ?? 0;
}
