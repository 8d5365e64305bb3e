import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type Actor,
  type CreateWebhook,
  type UpdateWebhook,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookEvent,
} from '@rrp/domain';
import type { Db, DbOrTx } from '../../platform/db/database';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { inPageOrder, parseListQuery, selectPageIds } from '../../platform/list';
import { webhookUrlProblem, type WebhookAddressPolicy } from '../../platform/webhooks/address-guard';
import { queueWebhookEvents, requeueWebhookDelivery } from '../../platform/webhooks/outbox';
import { webhookDeliveryList, webhookList } from './webhooks.lists';
import { presentDelivery, presentWebhook } from './webhooks.presenter';
import * as repo from './webhooks.repo';

type Query = Record<string, string | undefined>;

const HISTORY_MODEL = 'webhook';

/** The body of the test event a superuser sends from the screen. */
function testEvent(endpointId: number): WebhookEvent {
  return {
    id: randomUUID(),
    type: WEBHOOK_TEST_EVENT,
    occurred_at: new Date().toISOString(),
    object: { model: 'webhook', id: String(endpointId) },
    previous: null,
    current: { message: 'A test event from the Research Resource Portal.' },
  };
}

/**
 * Registered webhook endpoints, their delivery log and test events (decision 169). What a call
 * queues is posted after its answer, by the app's after-commit hook.
 */
export function createWebhooksService(deps: { db: Db; policy: WebhookAddressPolicy }) {
  const { db, policy } = deps;

  async function checkUrl(url: string | undefined) {
    if (url === undefined) return;
    const problem = await webhookUrlProblem(url, policy);
    if (problem) throw new ValidationError({ url: [problem] });
  }

  async function load(tx: DbOrTx, id: number) {
    const row = await repo.findWebhook(tx, id);
    if (!row) throw new NotFoundError();
    return row;
  }

  async function present(tx: DbOrTx, row: repo.WebhookRow): Promise<WebhookDto> {
    return presentWebhook(row, (await repo.lastDeliveries(tx, [row.id])).get(row.id));
  }

  return {
    async list(query: Query) {
      const list = parseListQuery(webhookList, query);
      const page = await selectPageIds(db, webhookList, list);
      const [rows, last] = await Promise.all([
        repo.webhooksByIds(db, page.ids),
        repo.lastDeliveries(db, page.ids),
      ]);
      const ordered = inPageOrder(page.ids, rows, (row) => row.id);
      return {
        list,
        count: page.count,
        results: ordered.map((row) => presentWebhook(row, last.get(row.id))),
      };
    },

    async get(id: number): Promise<WebhookDto> {
      return present(db, await load(db, id));
    },

    async create(actor: Actor, input: CreateWebhook): Promise<WebhookDto> {
      await checkUrl(input.url);
      return db.transaction(async (tx) => {
        const row = await repo.insertWebhook(tx, {
          url: input.url,
          secret: input.secret,
          eventTypes: input.event_types,
          description: input.description,
          active: input.active,
          createdById: actor.userId,
        });
        await recordHistory(tx, {
          model: HISTORY_MODEL,
          objectId: row.id,
          action: 'create',
          after: row,
          by: actor,
        });
        return presentWebhook(row, undefined);
      });
    },

    async update(actor: Actor, id: number, input: UpdateWebhook): Promise<WebhookDto> {
      await checkUrl(input.url);
      return db.transaction(async (tx) => {
        const before = await load(tx, id);
        const after = await repo.updateWebhook(tx, id, {
          ...(input.url !== undefined ? { url: input.url } : {}),
          ...(input.secret !== undefined ? { secret: input.secret } : {}),
          ...(input.event_types !== undefined ? { eventTypes: input.event_types } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
        });
        await recordHistory(tx, {
          model: HISTORY_MODEL,
          objectId: id,
          action: 'update',
          before,
          after,
          by: actor,
        });
        return present(tx, after);
      });
    },

    /** Removes the endpoint and its delivery log; nothing more is posted to it. */
    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await load(tx, id);
        await repo.deleteWebhook(tx, id);
        await recordHistory(tx, { model: HISTORY_MODEL, objectId: id, action: 'delete', before, by: actor });
      });
    },

    /** POST webhook/{id}/test/: queues a test event for this endpoint. */
    async sendTest(id: number): Promise<WebhookDeliveryDto> {
      const deliveryId = await db.transaction(async (tx) => {
        const endpoint = await load(tx, id);
        if (!endpoint.active) throw new ValidationError({ active: [WEBHOOK_MESSAGES.inactive] });
        const [queued] = await queueWebhookEvents(tx, [testEvent(id)], id);
        return queued!;
      });
      return presentDelivery((await repo.findDelivery(db, deliveryId))!);
    },

    async deliveries(query: Query) {
      const list = parseListQuery(webhookDeliveryList, query);
      const page = await selectPageIds(db, webhookDeliveryList, list);
      const rows = inPageOrder(page.ids, await repo.deliveriesByIds(db, page.ids), (row) => row.id);
      return { list, count: page.count, results: rows.map(presentDelivery) };
    },

    async delivery(id: number): Promise<WebhookDeliveryDto> {
      const row = await repo.findDelivery(db, id);
      if (!row) throw new NotFoundError();
      return presentDelivery(row);
    },

    /** POST webhook_delivery/{id}/retry/: sends a delivery again now, from its first attempt. */
    async retry(id: number): Promise<WebhookDeliveryDto> {
      const row = await db.transaction(async (tx) => {
        const delivery = await repo.findDelivery(tx, id);
        if (!delivery) throw new NotFoundError();
        if (delivery.status === 'sending') throw new ValidationError({ status: [WEBHOOK_MESSAGES.sending] });
        return requeueWebhookDelivery(tx, id);
      });
      return presentDelivery(row);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
