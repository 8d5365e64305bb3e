import { z } from 'zod';
import { complianceSummarySchema, idParamSchema, institutionComplianceSchema } from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { listRoute } from '../../platform/list';
import { complianceList } from './compliance.lists';
import type { ComplianceService } from './compliance.service';

export const complianceRoutes = routes<{ compliance: ComplianceService }>(
  ['compliance'],
  ({ compliance }) => [
    listRoute({
      url: '/api/institution-compliance/',
      access: allow('list', 'Compliance'),
      list: complianceList,
      item: institutionComplianceSchema,
      load: ({ actor, query }) => compliance.list(actor, query),
    }),
    route({
      method: 'GET',
      url: '/api/institution-compliance/summary/',
      access: allow('list', 'Compliance'),
      query: z.strictObject({ search: z.string().max(200).optional() }),
      response: complianceSummarySchema,
      handle: ({ query }) => compliance.summary(query),
    }),
    route({
      method: 'GET',
      url: '/api/institution-compliance/:id/',
      access: allow('read', 'Compliance'),
      params: idParamSchema,
      response: institutionComplianceSchema,
      handle: ({ actor, params }) => compliance.get(actor, params.id),
    }),
  ],
);
