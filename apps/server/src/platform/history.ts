import { sql } from 'drizzle-orm';
import { history } from '../db/schema';
import type { DbOrTx } from './db/database';
import { recordStatusStay } from './status-stays';
import { eventsOf } from './webhooks/events';
import { queueWebhookEvents } from './webhooks/outbox';

type HistoryAction = 'create' | 'update' | 'delete';

/** Keys that never go into history rows, whatever object they come from. */
const SECRET_KEY = /password|secret|token/i;

function snapshot(row: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (!row) return {};
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/** Bookkeeping that changes with every write and is no change of its own. */
const NOT_A_CHANGE = new Set(['modified']);

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => !NOT_A_CHANGE.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .sort();
}

export interface HistoryEntry {
  /** The audited object's model name as the history API takes it (e.g. `institution`). */
  model: string;
  objectId: string | number;
  action: HistoryAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /**
   * What this version notes beside the object (why a flagged reviewer was assigned): kept in its
   * data, never among its changed fields; a version with a note is written even when nothing else
   * changed.
   */
  note?: Record<string, unknown>;
  /** Who made the change (an Actor fits), or null for the system (seeds, jobs). */
  by: { userId: number; impersonatorId?: number | null } | null;
}

/**
 * Writes the versioned history row of one change, in the caller's transaction so the change
 * and its record commit or roll back together. The only writer of `history`.
 * An update that changed nothing writes nothing. A change of state that outside systems follow
 * (a status, a decision, a release) also queues its webhook events in the same transaction, and a
 * request's new status begins its stay there (`request_status_stays`, the metrics' source).
 */
export async function recordHistory(tx: DbOrTx, entry: HistoryEntry): Promise<void> {
  const before = snapshot(entry.before);
  const after = snapshot(entry.after);
  const changed =
    entry.action === 'create'
      ? Object.keys(after).sort()
      : entry.action === 'delete'
        ? []
        : changedFields(before, after);
  const note = snapshot(entry.note);
  if (entry.action === 'update' && changed.length === 0 && Object.keys(note).length === 0) return;
  const objectId = String(entry.objectId);
  const [written] = await tx
    .insert(history)
    .values({
      model: entry.model,
      objectId,
      action: entry.action,
      changedFields: changed,
      data: entry.action === 'delete' ? before : { ...after, ...note },
      modifierId: entry.by?.userId ?? null,
      impersonatorId: entry.by?.impersonatorId ?? null,
      version: sql`(select coalesce(max(${history.version}), 0) + 1 from ${history} where ${history.model} = ${entry.model} and ${history.objectId} = ${objectId})`,
    })
    .returning({ id: history.id, version: history.version });
  await recordStatusStay(tx, {
    model: entry.model,
    objectId,
    action: entry.action,
    before,
    after,
    version: written!.version,
    historyId: written!.id,
  });
  await queueWebhookEvents(
    tx,
    eventsOf({ model: entry.model, objectId, action: entry.action, before, after }),
  );
}
