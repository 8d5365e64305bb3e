import { createRenewalSchema, renewalSchema, updateRenewalSchema } from '@rrp/domain';
import { routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { renewalList } from './renewals.lists';
import type { RenewalsService } from './renewals.service';

const renewal = objectRoutes('/api/renewal/', 'Renewal', renewalSchema, undefined, {
  table: 'request_renewals',
  history: 'renewal',
});

/** Renewals (researcher §7, staff §7): GET, POST and PATCH renewal. */
export const renewalsRoutes = routes<{ renewals: RenewalsService }>(['renewals'], ({ renewals }) => [
  renewal.list({ list: renewalList, load: ({ actor, query }) => renewals.list(actor, query) }),
  renewal.create({ body: createRenewalSchema, handle: ({ actor, body }) => renewals.create(actor, body) }),
  renewal.read(({ actor, params }) => renewals.get(actor, params.id)),
  renewal.update({
    body: updateRenewalSchema,
    handle: ({ actor, params, body }) => renewals.update(actor, params.id, body),
  }),
]);
