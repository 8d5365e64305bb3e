import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWebhookSchema,
  idParamSchema,
  pageSchema,
  updateWebhookSchema,
  webhookDeliverySchema,
  webhookSchema,
} from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
import { webhookDeliveryList, webhookList } from './webhooks.lists';
import type { WebhooksService } from './webhooks.service';

/** Outbound webhooks (beyond the spec, decision 169): superusers register endpoints and read the log. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  const tags = ['webhooks'];
  const access = (action: 'list' | 'read' | 'create' | 'update' | 'delete') => ({
    access: { action, subject: 'Webhook' as const },
  });

  app.get(
    '/api/webhook/',
    {
      config: access('list'),
      schema: {
        tags,
        querystring: listQuerySchema(webhookList),
        response: { 200: pageSchema(webhookSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await webhooks.list(request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/webhook/:id/',
    { config: access('read'), schema: { tags, params: idParamSchema, response: { 200: webhookSchema } } },
    (request) => webhooks.get(request.params.id),
  );

  app.post(
    '/api/webhook/',
    {
      config: access('create'),
      schema: { tags, body: createWebhookSchema, response: { 201: webhookSchema } },
    },
    async (request, reply) => reply.status(201).send(await webhooks.create(request.actor!, request.body)),
  );

  app.patch(
    '/api/webhook/:id/',
    {
      config: access('update'),
      schema: { tags, params: idParamSchema, body: updateWebhookSchema, response: { 200: webhookSchema } },
    },
    (request) => webhooks.update(request.actor!, request.params.id, request.body),
  );

  app.delete(
    '/api/webhook/:id/',
    { config: access('delete'), schema: { tags, params: idParamSchema } },
    async (request, reply) => {
      await webhooks.remove(request.actor!, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/webhook/:id/test/',
    {
      config: access('update'),
      schema: {
        tags,
        description:
          'Queues a signed test event (type webhook.test) for this endpoint and starts posting it.',
        params: idParamSchema,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) => reply.status(202).send(await webhooks.sendTest(request.params.id)),
  );

  app.get(
    '/api/webhook_delivery/',
    {
      config: access('list'),
      schema: {
        tags,
        querystring: listQuerySchema(webhookDeliveryList),
        response: { 200: pageSchema(webhookDeliverySchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await webhooks.deliveries(request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/webhook_delivery/:id/',
    {
      config: access('read'),
      schema: { tags, params: idParamSchema, response: { 200: webhookDeliverySchema } },
    },
    (request) => webhooks.delivery(request.params.id),
  );

  app.post(
    '/api/webhook_delivery/:id/retry/',
    {
      config: access('update'),
      schema: {
        tags,
        description: 'Sends a delivery again now, from its first attempt.',
        params: idParamSchema,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) => reply.status(202).send(await webhooks.retry(request.params.id)),
  );
};
