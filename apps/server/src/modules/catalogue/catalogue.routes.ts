import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cohortSchema, pageSchema } from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
import { cohortList } from './catalogue.lists';
import type { CatalogueService } from './catalogue.service';

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get(
    '/api/cohort/',
    {
      config: { access: { action: 'list', subject: 'Cohort' } },
      schema: {
        tags: ['catalogue'],
        querystring: listQuerySchema(cohortList),
        response: { 200: pageSchema(cohortSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await catalogue.listCohorts(request.query);
      return toPage(request, list, count, results);
    },
  );
};
