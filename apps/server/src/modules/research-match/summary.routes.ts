import {
  idParamSchema,
  requestSummarySchema,
  rmBaseQuerySchema,
  rmBaseUsersSchema,
  updateRequestSummarySchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import type { SummaryService } from './summary.service';

/** The request summary of a Research Match application (staff §3, §5, §7). */
export const summaryRoutes = routes<{ summaries: SummaryService }>(['research-match'], ({ summaries }) => [
  route({
    method: 'GET',
    url: '/api/request/:id/summary/',
    access: allow('read', 'RequestSummary'),
    params: idParamSchema,
    response: requestSummarySchema,
    version: { table: 'request_summaries', key: 'request_id', history: 'request_summary' },
    handle: ({ actor, params }) => summaries.get(actor, params.id),
  }),
  route({
    method: 'PATCH',
    url: '/api/request/:id/summary/',
    description:
      'Any of the summary fields. `rm_ids`: a list or one string of ids, each RM plus 4 digits (optionally -suffix), one shared base; duplicates dropped. `due_date`: a day (stored at 12:00 UTC) or a timestamp, not in the past.',
    access: allow('update', 'RequestSummary'),
    params: idParamSchema,
    body: updateRequestSummarySchema,
    response: requestSummarySchema,
    version: { table: 'request_summaries', key: 'request_id', history: 'request_summary' },
    handle: ({ actor, params, body }) => summaries.update(actor, params.id, body),
  }),
  route({
    method: 'GET',
    url: '/api/request/:id/summary/rm-base/',
    description: 'The other requests whose RM ids use `base`: the confirmation before saving ids with it.',
    access: allow('update', 'RequestSummary'),
    params: idParamSchema,
    query: rmBaseQuerySchema,
    response: rmBaseUsersSchema,
    handle: ({ actor, params, query }) => summaries.requestsUsingBase(actor, params.id, query.base),
  }),
]);
