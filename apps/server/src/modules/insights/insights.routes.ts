import { turnaroundQuerySchema, turnaroundSchema } from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import type { InsightsService } from './insights.service';

const PERIOD =
  'The period is `from` to `to` (YYYY-MM-DD, both included, UTC; by default the twelve months up to ' +
  'today), at most 5 years; `type` narrows it to one request type.';

/** Turnaround metrics (beyond the spec, issue 19, decision 270): /insights for the staff who run reviews. */
export const insightsRoutes = routes<{ insights: InsightsService }>(['insights'], ({ insights }) => [
  route({
    method: 'GET',
    url: '/api/insights/turnaround/',
    description: `Median and 90th percentile times: in each status, submission to decision, approval to fulfilment, per reviewer and per institution's RDA; and the ageing of open items now. ${PERIOD}`,
    access: allow('read', 'Insight'),
    query: turnaroundQuerySchema,
    response: turnaroundSchema,
    handle: ({ query }) => insights.turnaround(query),
  }),
  route({
    method: 'GET',
    url: '/api/insights/turnaround/download/',
    description: `The same figures as one CSV table, with every reviewer and institution. ${PERIOD}`,
    access: allow('read', 'Insight'),
    query: turnaroundQuerySchema,
    produces: ['text/csv'],
    handle: async ({ query, reply }) => {
      const { fileName, content } = await insights.csv(query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(content);
    },
  }),
]);
