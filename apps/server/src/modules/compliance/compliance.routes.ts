import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complianceSummarySchema, idParamSchema, institutionComplianceSchema, pageSchema } from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
import { complianceList } from './compliance.lists';
import type { ComplianceService } from './compliance.service';

export const complianceRoutes: FastifyPluginAsyncZod<{ compliance: ComplianceService }> = async (
  app,
  { compliance },
) => {
  const tags = ['compliance'];

  app.get(
    '/api/institution-compliance/',
    {
      config: { access: { action: 'list', subject: 'Compliance' } },
      schema: {
        tags,
        querystring: listQuerySchema(complianceList),
        response: { 200: pageSchema(institutionComplianceSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await compliance.list(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/institution-compliance/summary/',
    {
      config: { access: { action: 'list', subject: 'Compliance' } },
      schema: {
        tags,
        querystring: z.strictObject({ search: z.string().max(200).optional() }),
        response: { 200: complianceSummarySchema },
      },
    },
    (request) => compliance.summary(request.query),
  );

  app.get(
    '/api/institution-compliance/:id/',
    {
      config: { access: { action: 'read', subject: 'Compliance' } },
      schema: { tags, params: idParamSchema, response: { 200: institutionComplianceSchema } },
    },
    (request) => compliance.get(request.actor!, request.params.id),
  );
};
