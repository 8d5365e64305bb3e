import { cartSchema, createCartSchema, idParamSchema, updateCartSchema } from '@rrp/domain';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { cartList } from './carts.lists';
import type { CartsService } from './carts.service';

const cart = objectRoutes('/api/abn_cart/', 'TissueCollection', cartSchema, cartList, { table: 'abn_carts' });

/** Tissue collections (staff §7 "GET, POST, PATCH, DELETE abn_cart"; researcher §7). */
export const cartsRoutes = routes<{ carts: CartsService }>(['tissue'], ({ carts }) => [
  cart.list({
    description:
      'Collections: a researcher sees their own, a tissue reviewer those of the requests they review, tissue staff all. Filters `pi`, `request`, `on_request`, `pilot_tissue_cart`; `expand=donors`.',
    list: cartList,
    load: ({ actor, query }) => carts.list(actor, query),
  }),
  cart.read(({ actor, params, expand }) => carts.get(actor, params.id, expand)),
  cart.create({
    description:
      '`collection_name` (unique per PI), `identifiers` (donor hashes), `pilot_tissue_cart`; tissue staff also give `pi` and may give `request`. Answers the collection with its donors.',
    expand: false,
    body: createCartSchema,
    handle: ({ actor, body }) => carts.create(actor, body),
  }),
  cart.update({
    description:
      'Any of `collection_name`, `identifiers`, `pilot_tissue_cart`, `request`: by its PI while it has no request or its request is new or has revisions requested; by tissue staff until the request is decided.',
    expand: false,
    body: updateCartSchema,
    handle: ({ actor, params, body }) => carts.update(actor, params.id, body),
  }),
  cart.remove(({ actor, params }) => carts.remove(actor, params.id)),
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
