import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tissueOrderInputSchema, tissueOrderSchema } from '@rrp/domain';
import type { TissueOrdersService } from './orders.service';

/** Tissue orders to BINS (researcher §7 "POST/PATCH abn_bins_upload with the order form (update omits id)"). */
export const tissueOrdersRoutes: FastifyPluginAsyncZod<{ orders: TissueOrdersService }> = async (
  app,
  { orders },
) => {
  const tags = ['tissue'];
  const rules =
    'The request must be an approved (or fulfilled) pilot tissue or tissue request, and every donor in its collection. BINS is asked first: when it fails the answer is 503 "There was an error when trying to post your order." and nothing is stored.';

  app.post(
    '/api/abn_bins_upload/',
    {
      config: { access: { action: 'create', subject: 'TissueOrder' } },
      schema: {
        tags,
        description: `Sends a new order to BINS and stores it on the request (its \`bins_data\`). ${rules}`,
        body: tissueOrderInputSchema,
        response: { 201: tissueOrderSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await orders.send(request.actor!, request.body)),
  );

  app.patch(
    '/api/abn_bins_upload/',
    {
      config: { access: { action: 'update', subject: 'TissueOrder' } },
      schema: {
        tags,
        description: `Edits the request's previous (newest) order at BINS and here. ${rules}`,
        body: tissueOrderInputSchema,
        response: { 200: tissueOrderSchema },
      },
    },
    (request) => orders.update(request.actor!, request.body),
  );
};
