import { z } from 'zod';
import { complianceSummarySchema, institutionComplianceSchema } from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { complianceList } from './compliance.lists';
import type { ComplianceService } from './compliance.service';

const institutionCompliance = objectRoutes(
  '/api/institution-compliance/',
  'Compliance',
  institutionComplianceSchema,
);

export const complianceRoutes = routes<{ compliance: ComplianceService }>(
  ['compliance'],
  ({ compliance }) => [
    institutionCompliance.list({
      list: complianceList,
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
    institutionCompliance.read(({ actor, params }) => compliance.get(actor, params.id)),
  ],
);
