import { sql } from 'drizzle-orm';
import { TURNAROUND_MILESTONES } from '@rrp/domain';
import type { DbOrTx } from './db/database';

/**
 * The stays of requests in their statuses (`request_status_stays`), derived from the history: how
 * the turnaround metrics and the reminders know since when a request has been where it is
 * (decision 270). `recordHistory` keeps them as each change is audited; `rebuildStatusStays`
 * derives them all again from `history`.
 */

export interface StatusChange {
  model: string;
  objectId: string;
  action: 'create' | 'update' | 'delete';
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** The history row the change was written as, and its version. */
  historyId: number;
  version: number;
}

/**
 * In the audited change's transaction: when a request's status is new (its creation, or another
 * status than its current stay's), ends the current stay and begins one in the new status, at the
 * change's time (the history row's). Any writer that audits the request keeps them
 * right, even one that passed no `before`.
 */
export async function recordStatusStay(tx: DbOrTx, change: StatusChange): Promise<void> {
  if (change.model !== 'request' || change.action === 'delete') return;
  const requestId = Number(change.objectId);
  const { statusId, typeId } = change.after;
  if (!Number.isInteger(requestId) || typeof statusId !== 'number' || typeof typeId !== 'number') return;
  // Most audited changes of a request leave its status as it was: no statement for them.
  if (change.action === 'update' && change.before.statusId === statusId) return;
  // The statement sees the stays as they were before it: a current stay in another status is ended
  // and a new one begun; a current stay in this status (a change of other fields) is left alone.
  // Exactly the history row's time, whether or not the caller runs in a transaction.
  const at = sql`(select modified from history where id = ${change.historyId}::bigint)`;
  // A new stay may be one of the request's milestones: the first of its kind is kept.
  await tx.execute(sql`
    with ended as (
      update request_status_stays set left_at = ${at}
      where request_id = ${requestId}::integer and left_at is null and status_id <> ${statusId}::integer
      returning 1
    ),
    begun as (
      insert into request_status_stays (request_id, type_id, status_id, entered_at, version)
      select ${requestId}::integer, ${typeId}::integer, ${statusId}::integer, ${at}, ${change.version}::integer
      where exists (select 1 from ended)
         or not exists (select 1 from request_status_stays where request_id = ${requestId}::integer and left_at is null)
      returning request_id, type_id, status_id, entered_at
    )
    insert into request_milestones (request_id, type_id, ${sql.raw(MILESTONE_COLUMNS.join(', '))})
    select request_id, type_id, ${sql.raw(
      MILESTONE_ENTRIES.map(
        ([, statuses]) => `case when status_id in (${statuses.join(', ')}) then entered_at end`,
      ).join(', '),
    )}
    from begun
    on conflict (request_id) do update set ${sql.raw(
      MILESTONE_COLUMNS.map(
        (column) => `${column} = coalesce(request_milestones.${column}, excluded.${column})`,
      ).join(', '),
    )}`);
}

const MILESTONE_ENTRIES = Object.entries(TURNAROUND_MILESTONES).map(
  ([name, statuses]) => [`${name}_at`, statuses] as const,
);
const MILESTONE_COLUMNS = MILESTONE_ENTRIES.map(([column]) => column);

/**
 * Each request's milestones derived from its stays: the first entry into each milestone's
 * statuses. Migration 0019 ran this very statement after STAYS_FROM_HISTORY.
 */
export const MILESTONES_FROM_STAYS = `INSERT INTO request_milestones (request_id, type_id, ${MILESTONE_COLUMNS.join(', ')})
SELECT request_id, min(type_id),
${MILESTONE_ENTRIES.map(([, statuses]) => `  min(entered_at) FILTER (WHERE status_id IN (${statuses.join(', ')}))`).join(',\n')}
FROM request_status_stays
GROUP BY request_id`;

/**
 * Every stay derived from `history` with window functions: the versions of each request in order,
 * those whose status differs from the version before begin a stay, which lasts until the next one
 * begins. Migration 0019 ran this very statement to fill the table (a unit test holds them equal).
 */
export const STAYS_FROM_HISTORY = `INSERT INTO request_status_stays (request_id, type_id, status_id, entered_at, left_at, version)
SELECT request_id, type_id, status_id, entered_at,
  lead(entered_at) OVER (PARTITION BY request_id ORDER BY version),
  version
FROM (
  SELECT r.id AS request_id, r.type_id, v.status_id, v.modified AS entered_at, v.version,
    lag(v.status_id) OVER (PARTITION BY r.id ORDER BY v.version) AS previous_status_id
  FROM (
    SELECT object_id, version, modified, (data ->> 'statusId')::integer AS status_id
    FROM history
    WHERE model = 'request' AND action <> 'delete' AND jsonb_typeof(data -> 'statusId') = 'number'
  ) v
  JOIN requests r ON r.id::text = v.object_id
) versions
WHERE previous_status_id IS DISTINCT FROM status_id`;

/** Derives every stay again from the history (the data generator; a repair after a bulk load). */
export async function rebuildStatusStays(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from request_milestones`);
  await db.execute(sql`delete from request_status_stays`);
  await db.execute(sql.raw(STAYS_FROM_HISTORY));
  await db.execute(sql.raw(MILESTONES_FROM_STAYS));
}
