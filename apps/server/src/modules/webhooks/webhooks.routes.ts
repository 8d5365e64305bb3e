import {
  createWebhookSchema,
  idParamSchema,
  updateWebhookSchema,
  webhookDeliverySchema,
  webhookSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { listRoute } from '../../platform/list';
import { webhookDeliveryList, webhookList } from './webhooks.lists';
import type { WebhooksService } from './webhooks.service';

/** Outbound webhooks (beyond the spec, decision 169): superusers register endpoints and read the log. */
export const webhooksRoutes = routes<{ webhooks: WebhooksService }>(['webhooks'], ({ webhooks }) => [
  listRoute({
    url: '/api/webhook/',
    access: allow('list', 'Webhook'),
    list: webhookList,
    item: webhookSchema,
    load: ({ query }) => webhooks.list(query),
  }),
  route({
    method: 'GET',
    url: '/api/webhook/:id/',
    access: allow('read', 'Webhook'),
    params: idParamSchema,
    response: webhookSchema,
    handle: ({ params }) => webhooks.get(params.id),
  }),
  route({
    method: 'POST',
    url: '/api/webhook/',
    access: allow('create', 'Webhook'),
    body: createWebhookSchema,
    response: webhookSchema,
    status: 201,
    handle: ({ actor, body }) => webhooks.create(actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/api/webhook/:id/',
    access: allow('update', 'Webhook'),
    params: idParamSchema,
    body: updateWebhookSchema,
    response: webhookSchema,
    handle: ({ actor, params, body }) => webhooks.update(actor, params.id, body),
  }),
  route({
    method: 'DELETE',
    url: '/api/webhook/:id/',
    access: allow('delete', 'Webhook'),
    params: idParamSchema,
    status: 204,
    handle: ({ actor, params }) => webhooks.remove(actor, params.id),
  }),
  route({
    method: 'POST',
    url: '/api/webhook/:id/test/',
    description: 'Queues a signed test event (type webhook.test) for this endpoint and starts posting it.',
    access: allow('update', 'Webhook'),
    params: idParamSchema,
    response: webhookDeliverySchema,
    status: 202,
    handle: ({ params }) => webhooks.sendTest(params.id),
  }),
  listRoute({
    url: '/api/webhook_delivery/',
    access: allow('list', 'Webhook'),
    list: webhookDeliveryList,
    item: webhookDeliverySchema,
    load: ({ query }) => webhooks.deliveries(query),
  }),
  route({
    method: 'GET',
    url: '/api/webhook_delivery/:id/',
    access: allow('read', 'Webhook'),
    params: idParamSchema,
    response: webhookDeliverySchema,
    handle: ({ params }) => webhooks.delivery(params.id),
  }),
  route({
    method: 'POST',
    url: '/api/webhook_delivery/:id/retry/',
    description: 'Sends a delivery again now, from its first attempt.',
    access: allow('update', 'Webhook'),
    params: idParamSchema,
    response: webhookDeliverySchema,
    status: 202,
    handle: ({ params }) => webhooks.retry(params.id),
  }),
]);
