import { tissueOrderInputSchema, tissueOrderSchema } from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import type { TissueOrdersService } from './orders.service';

const RULES =
  'The request must be an approved (or fulfilled) pilot tissue or tissue request, and every donor in its collection. BINS is asked first: when it fails the answer is 503 "There was an error when trying to post your order." and nothing is stored.';

/** Tissue orders to BINS (researcher §7 "POST/PATCH abn_bins_upload with the order form (update omits id)"). */
export const tissueOrdersRoutes = routes<{ orders: TissueOrdersService }>(['tissue'], ({ orders }) => [
  route({
    method: 'POST',
    url: '/api/abn_bins_upload/',
    description: `Sends a new order to BINS and stores it on the request (its \`bins_data\`). ${RULES}`,
    access: allow('create', 'TissueOrder'),
    body: tissueOrderInputSchema,
    status: 201,
    response: tissueOrderSchema,
    handle: ({ actor, body }) => orders.send(actor, body),
  }),
  route({
    method: 'PATCH',
    url: '/api/abn_bins_upload/',
    description: `Edits the request's previous (newest) order at BINS and here. ${RULES}`,
    access: allow('update', 'TissueOrder'),
    body: tissueOrderInputSchema,
    response: tissueOrderSchema,
    handle: ({ actor, body }) => orders.update(actor, body),
  }),
]);
