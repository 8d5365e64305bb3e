import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartSchema, createCartSchema, idParamSchema, pageSchema, updateCartSchema } from '@rrp/domain';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import { detailQuerySchema, listQuerySchema, parseExpand, toPage } from '../../platform/list';
import { cartList } from './carts.lists';
import type { CartsService } from './carts.service';

/** Tissue collections (staff §7 "GET, POST, PATCH, DELETE abn_cart"; researcher §7). */
export const cartsRoutes: FastifyPluginAsyncZod<{ carts: CartsService }> = async (app, { carts }) => {
  const tags = ['tissue'];

  app.get(
    '/api/abn_cart/',
    {
      config: { access: { action: 'list', subject: 'TissueCollection' } },
      schema: {
        tags,
        description:
          'Collections: a researcher sees their own, a tissue reviewer those of the requests they review, tissue staff all. Filters `pi`, `request`, `on_request`, `pilot_tissue_cart`; `expand=donors`.',
        querystring: listQuerySchema(cartList),
        response: { 200: pageSchema(cartSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await carts.list(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/abn_cart/:id/',
    {
      config: { access: { action: 'read', subject: 'TissueCollection' } },
      schema: { tags, params: idParamSchema, querystring: detailQuerySchema, response: { 200: cartSchema } },
    },
    (request) => carts.get(request.actor!, request.params.id, parseExpand(cartList, request.query.expand)),
  );

  app.post(
    '/api/abn_cart/',
    {
      config: { access: { action: 'create', subject: 'TissueCollection' } },
      schema: {
        tags,
        description:
          '`collection_name` (unique per PI), `identifiers` (donor hashes), `pilot_tissue_cart`; tissue staff also give `pi` and may give `request`. Answers the collection with its donors.',
        body: createCartSchema,
        response: { 201: cartSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await carts.create(request.actor!, request.body)),
  );

  app.patch(
    '/api/abn_cart/:id/',
    {
      config: { access: { action: 'update', subject: 'TissueCollection' } },
      schema: {
        tags,
        description:
          'Any of `collection_name`, `identifiers`, `pilot_tissue_cart`, `request`: by its PI while it has no request or its request is new or has revisions requested; by tissue staff until the request is decided.',
        params: idParamSchema,
        body: updateCartSchema,
        response: { 200: cartSchema },
      },
    },
    (request) => carts.update(request.actor!, request.params.id, request.body),
  );

  app.delete(
    '/api/abn_cart/:id/',
    {
      config: { access: { action: 'delete', subject: 'TissueCollection' } },
      schema: { tags, params: idParamSchema },
    },
    async (request, reply) => {
      await carts.remove(request.actor!, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/abn_cart/:id/download/',
    {
      config: { access: { action: 'read', subject: 'TissueCollection' } },
      schema: { tags, description: "The collection's donors as a CSV file.", params: idParamSchema },
    },
    async (request, reply) => {
      const file = await carts.csv(request.actor!, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(file.name))
        .send(file.content);
    },
  );
};
