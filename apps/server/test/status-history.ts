import { and, eq, sql } from 'drizzle-orm';
import { files, history, requests } from '../src/db/schema';
import type { DbOrTx } from '../src/platform/db/database';
import { rebuildStatusStays } from '../src/platform/status-stays';

/**
 * Histories with chosen times, for tests of what is computed from them (turnaround metrics,
 * reminders): the audit trail `recordHistory` would have written had the changes happened then.
 */

/** A status from a moment on: `[status id, when]`, or an edit that keeps the status (`'edit'`). */
export type Step = readonly [number | 'edit', Date];

async function replaceVersions(
  db: DbOrTx,
  model: string,
  objectId: number,
  versions: { at: Date; data: Record<string, unknown>; changed: string[] }[],
) {
  await db.delete(history).where(and(eq(history.model, model), eq(history.objectId, String(objectId))));
  if (versions.length === 0) return;
  await db.insert(history).values(
    versions.map((version, index) => ({
      model,
      objectId: String(objectId),
      version: index + 1,
      action: index === 0 ? ('create' as const) : ('update' as const),
      changedFields: index === 0 ? Object.keys(version.data) : version.changed,
      data: version.data,
      modified: version.at,
    })),
  );
}

/**
 * Makes `steps` the request's whole history (its first step is its creation), sets its status to
 * the last one, and derives the stays again from the history as the migration did.
 */
export async function writeRequestHistory(
  db: DbOrTx,
  requestId: number,
  steps: readonly Step[],
): Promise<void> {
  const [request] = await db.select().from(requests).where(eq(requests.id, requestId));
  if (!request) throw new Error(`No request ${requestId}`);
  let status = request.statusId;
  const versions = steps.map(([step, at], index) => {
    const changed = step === 'edit' ? ['additionalData'] : ['statusId'];
    if (step !== 'edit') status = step;
    return {
      at,
      changed,
      data: { id: requestId, typeId: request.typeId, statusId: status, additionalData: { edit: index } },
    };
  });
  await replaceVersions(db, 'request', requestId, versions);
  await db.update(requests).set({ statusId: status }).where(eq(requests.id, requestId));
  await rebuildStatusStays(db);
}

/** An RDA file of the institution whose history is `steps` of RDA status (1 Signature Needed … 3 Fully Executed). */
export async function createRdaWithHistory(
  db: DbOrTx,
  institutionId: number,
  steps: readonly (readonly [number, Date])[],
): Promise<number> {
  const status = steps.at(-1)![0];
  const [file] = await db
    .insert(files)
    .values({
      name: 'RDA.pdf',
      storageKey: `test/rda-${institutionId}-${Date.now()}-${Math.random()}`,
      type: 'rda',
      contentType: 'application/pdf',
      size: 1,
      institutionId,
      additionalData: { status },
      created: steps[0]![1],
    })
    .returning();
  await replaceVersions(
    db,
    'file',
    file!.id,
    steps.map(([rdaStatus, at]) => ({
      at,
      changed: ['additionalData'],
      data: { id: file!.id, type: 'rda', institutionId, additionalData: { status: rdaStatus } },
    })),
  );
  return file!.id;
}

/** The stays of a request as rows to compare, in order. */
export async function staysOf(db: DbOrTx, requestId: number) {
  const result = (await db.execute(
    sql`select type_id, status_id, entered_at, left_at, version from request_status_stays where request_id = ${requestId}::integer order by version`,
  )) as unknown as {
    rows: {
      type_id: number;
      status_id: number;
      entered_at: string;
      left_at: string | null;
      version: number;
    }[];
  };
  return result.rows.map((row) => ({
    ...row,
    entered_at: new Date(row.entered_at).toISOString(),
    left_at: row.left_at === null ? null : new Date(row.left_at).toISOString(),
  }));
}
