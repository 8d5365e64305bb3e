import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { WEBHOOK_MESSAGES, type WebhookEvent } from '@rrp/domain';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Db, DbOrTx } from '../db/database';
import { claimNextDue } from '../db/outbox-claim';
import { guardedLookup, isPublicAddress, type WebhookAddressPolicy } from './address-guard';

/**
 * Queues events for every active endpoint subscribed to their type, in the caller's transaction:
 * they are posted only if it commits. A test event goes to the one endpoint named.
 */
export async function queueWebhookEvents(
  tx: DbOrTx,
  events: readonly WebhookEvent[],
  endpointId?: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const event of events) {
    const target = endpointId
      ? sql`${webhookEndpoints.id} = ${endpointId}`
      : sql`${webhookEndpoints.active} and ${event.type} = any(${webhookEndpoints.eventTypes})`;
    // PGlite and node-postgres both answer `rows` for a statement with RETURNING.
    const inserted = (await tx.execute(sql`
      insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, payload)
      select ${webhookEndpoints.id}, ${event.id}::uuid, ${event.type}, ${JSON.stringify(event)}::jsonb
      from ${webhookEndpoints}
      where ${target}
      returning id`)) as unknown as { rows: { id: number }[] };
    ids.push(...inserted.rows.map((row) => Number(row.id)));
  }
  if (ids.length > 0) queuedSinceFlush = true;
  return ids;
}

/**
 * Sends a delivery again from its first attempt, now, in the caller's transaction: it is posted
 * after the change commits, like a queued event.
 */
export async function requeueWebhookDelivery(
  tx: DbOrTx,
  id: number,
): Promise<typeof webhookDeliveries.$inferSelect> {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, claimedBy: null })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  queuedSinceFlush = true;
  return row!;
}

/**
 * Whether this process queued a delivery since the last flush: the answer to a write then starts
 * posting at once (its transaction has committed); the poll picks up the rest.
 */
let queuedSinceFlush = false;

/** Attempts before a delivery is marked failed; the waits between them are 1, 2, 4 … 64 minutes. */
const MAX_WEBHOOK_ATTEMPTS = 8;
const backoffSeconds = (attempts: number) => 60 * 2 ** (attempts - 1);
/** A sender that dies mid-post leaves its delivery claimed; after this lease it is due again. */
const LEASE_SECONDS = 60;
const TIMEOUT_MS = 10_000;

type Logger = { warn(obj: object, msg: string): void };

/**
 * Posts queued webhook deliveries, at least once, like the mail outbox: each is claimed in one
 * statement (SKIP LOCKED, so several instances never post the same one), posted outside any
 * transaction with its Standard Webhooks signature, and retried with backoff on a non-2xx answer
 * or no answer. Redirects are not followed and every connection goes through the address guard.
 */
export class WebhookOutbox {
  private running: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly agent: Agent;
  private readonly instanceId = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly policy: WebhookAddressPolicy,
    private readonly log: Logger,
  ) {
    this.agent = new Agent({ connect: { lookup: guardedLookup(policy) } });
  }

  /** Posts everything due now; concurrent calls share one run. Answers how many were delivered. */
  deliverDue(): Promise<number> {
    this.running ??= this.deliverLoop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** After a write's answer: posts at once what it queued, if anything. */
  flushIfQueued(): void {
    if (!queuedSinceFlush) return;
    queuedSinceFlush = false;
    this.flush();
  }

  /** Starts a background flush without waiting for it. */
  flush(): void {
    this.deliverDue().catch((error: unknown) =>
      this.log.warn({ error: (error as Error).message }, 'webhook flush failed'),
    );
  }

  start(intervalMs = 5_000): void {
    this.flush();
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    await this.agent.close();
  }

  private async deliverLoop(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const claimed = await this.claimNext();
      if (!claimed) return delivered;
      if (await this.post(claimed)) delivered += 1;
    }
  }

  private async claimNext() {
    const delivery = await claimNextDue(this.db, webhookDeliveries, this.instanceId, LEASE_SECONDS);
    if (!delivery) return null;
    const [endpoint] = await this.db
      .select({ url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, delivery.endpointId));
    return { delivery, endpoint: endpoint! };
  }

  /** Why this URL may not be posted to now (an address literal the guard's lookup never sees). */
  private refusal(url: URL): string | null {
    if (this.policy.requireHttps && url.protocol !== 'https:') return WEBHOOK_MESSAGES.httpsOnly;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.policy.allowPrivateAddresses && ipaddr.isValid(host) && !isPublicAddress(host)) {
      return WEBHOOK_MESSAGES.privateAddress;
    }
    return null;
  }

  private async post({
    delivery,
    endpoint,
  }: NonNullable<Awaited<ReturnType<WebhookOutbox['claimNext']>>>): Promise<boolean> {
    const body = JSON.stringify(delivery.payload);
    const sentAt = new Date();
    let statusCode: number | null = null;
    let error: string | null;
    try {
      const url = new URL(endpoint.url);
      error = this.refusal(url);
      if (!error) {
        const response = await request(url, {
          method: 'POST',
          body,
          dispatcher: this.agent,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'ResearchResourcePortal-Webhooks/1',
            'webhook-id': delivery.eventId,
            'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
            'webhook-signature': new Webhook(endpoint.secret).sign(delivery.eventId, sentAt, body),
          },
          headersTimeout: TIMEOUT_MS,
          bodyTimeout: TIMEOUT_MS,
        });
        statusCode = response.statusCode;
        // The answer's body is of no use; reading it frees the connection.
        await response.body.dump();
        if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
      }
    } catch (failure) {
      error = (failure as Error).message || 'No answer';
    }
    const delivered = error === null;
    const lastTry = delivery.attempts >= MAX_WEBHOOK_ATTEMPTS;
    await this.db
      .update(webhookDeliveries)
      .set({
        status: delivered ? 'delivered' : lastTry ? 'failed' : 'queued',
        statusCode,
        lastError: error,
        claimedBy: null,
        deliveredAt: delivered ? sentAt : null,
        nextAttemptAt: sql`now() + make_interval(secs => ${delivered || lastTry ? 0 : backoffSeconds(delivery.attempts)})`,
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.claimedBy, this.instanceId)));
    if (!delivered)
      this.log.warn({ deliveryId: delivery.id, attempts: delivery.attempts, error }, 'webhook not delivered');
    return delivered;
  }
}
