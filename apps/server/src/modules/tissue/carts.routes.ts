import { cartSchema, createCartSchema, idParamSchema, updateCartSchema } from '@rrp/domain';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import { allow, route, routes } from '../../platform/http/route';
import { detailQuerySchema, listRoute, parseExpand } from '../../platform/list';
import { cartList } from './carts.lists';
import type { CartsService } from './carts.service';

/** Tissue collections (staff §7 "GET, POST, PATCH, DELETE abn_cart"; researcher §7). */
export const cartsRoutes = routes<{ carts: CartsService }>(['tissue'], ({ carts }) => [
  listRoute({
    url: '/api/abn_cart/',
    description:
      'Collections: a researcher sees their own, a tissue reviewer those of the requests they review, tissue staff all. Filters `pi`, `request`, `on_request`, `pilot_tissue_cart`; `expand=donors`.',
    access: allow('list', 'TissueCollection'),
    list: cartList,
    item: cartSchema,
    load: ({ actor, query }) => carts.list(actor, query),
  }),
  route({
    method: 'GET',
    url: '/api/abn_cart/:id/',
    access: allow('read', 'TissueCollection'),
    params: idParamSchema,
    query: detailQuerySchema,
    response: cartSchema,
    handle: ({ actor, params, query }) => carts.get(actor, params.id, parseExpand(cartList, query.expand)),
  }),
  route({
    method: 'POST',
    url: '/api/abn_cart/',
    description:
      '`collection_name` (unique per PI), `identifiers` (donor hashes), `pilot_tissue_cart`; tissue staff also give `pi` and may give `request`. Answers the collection with its donors.',
    access: allow('create', 'TissueCollection'),
    body: createCartSchema,
    status: 201,
    response: cartSchema,
    handle: ({ actor, body }) => carts.create(actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/api/abn_cart/:id/',
    description:
      'Any of `collection_name`, `identifiers`, `pilot_tissue_cart`, `request`: by its PI while it has no request or its request is new or has revisions requested; by tissue staff until the request is decided.',
    access: allow('update', 'TissueCollection'),
    params: idParamSchema,
    body: updateCartSchema,
    response: cartSchema,
    handle: ({ actor, params, body }) => carts.update(actor, params.id, body),
  }),
  route({
    method: 'DELETE',
    url: '/api/abn_cart/:id/',
    access: allow('delete', 'TissueCollection'),
    params: idParamSchema,
    status: 204,
    handle: ({ actor, params }) => carts.remove(actor, params.id),
  }),
  route({
    method: 'GET',
    url: '/api/abn_cart/:id/download/',
    description: "The collection's donors as a CSV file.",
    access: allow('read', 'TissueCollection'),
    params: idParamSchema,
    handle: async ({ actor, params, reply }) => {
      const file = await carts.csv(actor, params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(file.name))
        .send(file.content);
    },
  }),
]);
