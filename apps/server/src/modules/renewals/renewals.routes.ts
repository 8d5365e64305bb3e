import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRenewalSchema,
  idParamSchema,
  pageSchema,
  renewalSchema,
  updateRenewalSchema,
} from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
import { renewalList } from './renewals.lists';
import type { RenewalsService } from './renewals.service';

/** Renewals (researcher §7, staff §7): GET, POST and PATCH renewal. */
export const renewalsRoutes: FastifyPluginAsyncZod<{ renewals: RenewalsService }> = async (
  app,
  { renewals },
) => {
  const tags = ['renewals'];

  app.get(
    '/api/renewal/',
    {
      config: { access: { action: 'list', subject: 'Renewal' } },
      schema: {
        tags,
        querystring: listQuerySchema(renewalList),
        response: { 200: pageSchema(renewalSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await renewals.list(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.post(
    '/api/renewal/',
    {
      config: { access: { action: 'create', subject: 'Renewal' } },
      schema: { tags, body: createRenewalSchema, response: { 201: renewalSchema } },
    },
    async (request, reply) => reply.status(201).send(await renewals.create(request.actor!, request.body)),
  );

  app.get(
    '/api/renewal/:id/',
    {
      config: { access: { action: 'read', subject: 'Renewal' } },
      schema: { tags, params: idParamSchema, response: { 200: renewalSchema } },
    },
    (request) => renewals.get(request.actor!, request.params.id),
  );

  app.patch(
    '/api/renewal/:id/',
    {
      config: { access: { action: 'update', subject: 'Renewal' } },
      schema: { tags, params: idParamSchema, body: updateRenewalSchema, response: { 200: renewalSchema } },
    },
    (request) => renewals.update(request.actor!, request.params.id, request.body),
  );
};
