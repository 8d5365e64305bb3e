import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS, errorReportSchema, idParamSchema, notificationSchema, pageSchema } from '@rrp/domain';
import { toPage } from '../../platform/list';
import type { NotificationsService } from './notifications.service';

const pagingSchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIMITS.list.maxLimit).default(LIMITS.list.defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const tags = ['notifications'];
  app.get(
    '/api/notification/',
    {
      config: { access: { action: 'list', subject: 'Notification' } },
      schema: { tags, querystring: pagingSchema, response: { 200: pageSchema(notificationSchema) } },
    },
    async (request) => {
      const { count, results } = await notifications.list(request.actor!, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.get(
    '/api/notification/:id/',
    {
      config: { access: { action: 'read', subject: 'Notification' } },
      schema: { tags, params: idParamSchema, response: { 200: notificationSchema } },
    },
    (request) => notifications.get(request.actor!, request.params.id),
  );

  app.delete(
    '/api/notification/:id/',
    {
      config: { access: { action: 'delete', subject: 'Notification' } },
      schema: { tags, params: idParamSchema },
    },
    async (request, reply) => {
      await notifications.remove(request.actor!, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/notification/',
    {
      config: { access: { action: 'create', subject: 'Notification' } },
      schema: { tags, body: errorReportSchema, response: { 201: z.object({ id: z.number().nullable() }) } },
    },
    async (request, reply) =>
      reply.status(201).send(await notifications.reportError(request.actor!, request.body)),
  );
};
