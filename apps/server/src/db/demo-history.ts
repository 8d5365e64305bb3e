import { eq, sql } from 'drizzle-orm';
import { TURNAROUND_MILESTONES, WORKFLOW_STATUS, type Actor } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import { applyTransition } from '../modules/requests/requests.workflow';
import { lockRequest } from '../modules/requests/requests.repo';
import { users } from './schema';

/**
 * The demo requests' pasts (decision 350). A demo request is created as a draft and walked to the
 * status the demo needs through the workflow (`applyTransition`, history by `recordHistory`), each
 * step at its own day in the past, so Insights, the ageing of open items and the history tabs show
 * the shapes months of use give. The seed runs in one transaction, where every history row and
 * status stay would carry the same instant: after each step, every stamp of the request later
 * than the step's time is set back to it (decision 351).
 */

const DAY_MS = 86_400_000;

/** `days` days before now (fractions give hours). */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** One step of a demo request's past: the status it moved to and how many days ago. */
type PastStep = readonly [to: number, daysAgo: number];

/** A demo request's past: when its draft was made, and its steps, oldest first. */
export interface DemoPast {
  createdDaysAgo: number;
  steps: readonly PastStep[];
}

/** The demo administrator, who decided the demo requests. */
async function demoDecider(tx: DbOrTx): Promise<Actor> {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'portal_admin@demo.test'));
  if (!admin) throw new Error('The demo administrator is seeded before the demo requests');
  return { userId: admin.id, role: 'portal_admin', roles: ['portal_admin'] };
}

const MILESTONE_COLUMNS = Object.keys(TURNAROUND_MILESTONES).map((name) => `${name}_at`);

/** `column = at` where it is later than `at`; null stays null (`least` would take `at`). */
const atMost = (column: string, at: Date) =>
  sql`${sql.raw(column)} = case when ${sql.raw(column)} > ${at.toISOString()}::timestamptz then ${at.toISOString()}::timestamptz else ${sql.raw(column)} end`;

/**
 * Sets every stamp of the request's history, status stays, milestones, row and the owner's bell
 * notifications about it that is later than `at` back to `at`: what was written just now happened then.
 */
async function backdateRequest(tx: DbOrTx, requestId: number, at: Date): Promise<void> {
  const id = sql`${requestId}::integer`;
  const when = sql`${at.toISOString()}::timestamptz`;
  await tx.execute(
    sql`update history set modified = ${when} where model = 'request' and object_id = ${String(requestId)} and modified > ${when}`,
  );
  await tx.execute(
    sql`update request_status_stays set ${atMost('entered_at', at)}, ${atMost('left_at', at)} where request_id = ${id}`,
  );
  await tx.execute(
    sql`update request_milestones set ${sql.join(
      MILESTONE_COLUMNS.map((column) => atMost(column, at)),
      sql`, `,
    )} where request_id = ${id}`,
  );
  await tx.execute(sql`update requests set ${atMost('created', at)} where id = ${id}`);
  await tx.execute(
    sql`update notifications set created = ${when} where fields ->> 'request_id' = ${String(requestId)} and created > ${when}`,
  );
}

/**
 * Walks a request just created as a draft (Created) through `steps`, oldest first: its owner's
 * submissions and the demo administrator's decisions, each through the workflow and dated
 * `daysAgo` days back; the draft itself was made `createdDaysAgo` days back. Throws when the
 * workflow refuses a step or lands elsewhere (a demo that no longer fits the rules).
 */
export async function walkDemoRequest(tx: DbOrTx, requestId: number, past: DemoPast): Promise<void> {
  await backdateRequest(tx, requestId, daysAgo(past.createdDaysAgo));
  const decider = past.steps.some(([to]) => to !== WORKFLOW_STATUS.submitted) ? await demoDecider(tx) : null;
  let previous = past.createdDaysAgo;
  for (const [to, days] of past.steps) {
    // Each step sets back only what it wrote, so the steps must go forward in time.
    if (days >= previous) throw new Error(`Demo request ${requestId}: step to ${to} is not after the last`);
    previous = days;
    const request = await lockRequest(tx, requestId);
    if (!request) throw new Error(`No demo request ${requestId}`);
    const now = daysAgo(days);
    const submission = to === WORKFLOW_STATUS.submitted;
    const moved = await applyTransition(tx, {
      request,
      to,
      kind: submission ? 'submission' : 'decision',
      actor: submission ? null : decider,
      by: { userId: submission ? request.ownerId : decider!.userId },
      now,
    });
    if (moved.status !== to) throw new Error(`Demo request ${requestId} reached ${moved.status}, not ${to}`);
    await backdateRequest(tx, requestId, now);
  }
}
