import {
  createWebhookSchema,
  idParamSchema,
  updateWebhookSchema,
  webhookDeliverySchema,
  webhookSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { webhookDeliveryList, webhookList } from './webhooks.lists';
import type { WebhooksService } from './webhooks.service';

const webhook = objectRoutes('/api/webhook/', 'Webhook', webhookSchema, undefined, {
  table: 'webhook_endpoints',
  history: 'webhook',
});
const delivery = objectRoutes('/api/webhook_delivery/', 'Webhook', webhookDeliverySchema);

/** A test event or a retry: queued, and posted by the outbox after the answer. */
const queued = {
  access: allow('update', 'Webhook'),
  params: idParamSchema,
  response: webhookDeliverySchema,
  status: 202,
};

/** Outbound webhooks (beyond the spec, decision 169): superusers register endpoints and read the log. */
export const webhooksRoutes = routes<{ webhooks: WebhooksService }>(['webhooks'], ({ webhooks }) => [
  webhook.list({ list: webhookList, load: ({ query }) => webhooks.list(query) }),
  webhook.read(({ params }) => webhooks.get(params.id)),
  webhook.create({ body: createWebhookSchema, handle: ({ actor, body }) => webhooks.create(actor, body) }),
  webhook.update({
    body: updateWebhookSchema,
    handle: ({ actor, params, body }) => webhooks.update(actor, params.id, body),
  }),
  webhook.remove(({ actor, params }) => webhooks.remove(actor, params.id)),
  route({
    method: 'POST',
    url: '/api/webhook/:id/test/',
    description: 'Queues a signed test event (type webhook.test) for this endpoint and starts posting it.',
    ...queued,
    handle: ({ params }) => webhooks.sendTest(params.id),
  }),
  delivery.list({ list: webhookDeliveryList, load: ({ query }) => webhooks.deliveries(query) }),
  delivery.read(({ params }) => webhooks.delivery(params.id)),
  route({
    method: 'POST',
    url: '/api/webhook_delivery/:id/retry/',
    description: 'Sends a delivery again now, from its first attempt.',
    ...queued,
    handle: ({ params }) => webhooks.retry(params.id),
  }),
]);
