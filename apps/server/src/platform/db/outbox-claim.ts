import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/** The columns every outbox table (e-mails, webhook deliveries) is claimed and leased through. */
type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  claimedBy: PgColumn;
  nextAttemptAt: PgColumn;
};

/**
 * Claims the oldest due row of an outbox for this instance: marks it sending, counts the attempt
 * and leases it for `leaseSeconds` (a row still `sending` whose lease ran out is due again). SKIP
 * LOCKED lets several instances claim side by side without taking the same row.
 */
export async function claimNextDue<T extends OutboxTable>(
  db: Db,
  table: T,
  instanceId: string,
  leaseSeconds: number,
): Promise<T['$inferSelect'] | null> {
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(inArray(table.status, ['queued', 'sending']), lte(table.nextAttemptAt, sql`now()`)))
    .orderBy(asc(table.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(table as PgTable)
    .set({
      status: 'sending',
      claimedBy: instanceId,
      attempts: sql`${table.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
    } as never)
    .where(inArray(table.id, due))
    .returning();
  return (row as T['$inferSelect'] | undefined) ?? null;
}
