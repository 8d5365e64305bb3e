import { createRenewalSchema, idParamSchema, renewalSchema, updateRenewalSchema } from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { listRoute } from '../../platform/list';
import { renewalList } from './renewals.lists';
import type { RenewalsService } from './renewals.service';

/** Renewals (researcher §7, staff §7): GET, POST and PATCH renewal. */
export const renewalsRoutes = routes<{ renewals: RenewalsService }>(['renewals'], ({ renewals }) => [
  listRoute({
    url: '/api/renewal/',
    access: allow('list', 'Renewal'),
    list: renewalList,
    item: renewalSchema,
    load: ({ actor, query }) => renewals.list(actor, query),
  }),
  route({
    method: 'POST',
    url: '/api/renewal/',
    access: allow('create', 'Renewal'),
    body: createRenewalSchema,
    response: renewalSchema,
    status: 201,
    handle: ({ actor, body }) => renewals.create(actor, body),
  }),
  route({
    method: 'GET',
    url: '/api/renewal/:id/',
    access: allow('read', 'Renewal'),
    params: idParamSchema,
    response: renewalSchema,
    handle: ({ actor, params }) => renewals.get(actor, params.id),
  }),
  route({
    method: 'PATCH',
    url: '/api/renewal/:id/',
    access: allow('update', 'Renewal'),
    params: idParamSchema,
    body: updateRenewalSchema,
    response: renewalSchema,
    handle: ({ actor, params, body }) => renewals.update(actor, params.id, body),
  }),
]);
