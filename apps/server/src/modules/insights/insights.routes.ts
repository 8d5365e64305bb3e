import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { turnaroundQuerySchema, turnaroundSchema } from '@rrp/domain';
import type { InsightsService } from './insights.service';

const PERIOD =
  'The period is `from` to `to` (YYYY-MM-DD, both included, UTC; by default the twelve months up to ' +
  'today), at most 5 years; `type` narrows it to one request type.';

/** Turnaround metrics (beyond the spec, issue 19, decision 270): /insights for the staff who run reviews. */
export const insightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (
  app,
  { insights },
) => {
  const tags = ['insights'];
  const config = { access: { action: 'read' as const, subject: 'Insight' as const } };

  app.get(
    '/api/insights/turnaround/',
    {
      config,
      schema: {
        tags,
        description: `Median and 90th percentile times: in each status, submission to decision, approval to fulfilment, per reviewer and per institution's RDA; and the ageing of open items now. ${PERIOD}`,
        querystring: turnaroundQuerySchema,
        response: { 200: turnaroundSchema },
      },
    },
    (request) => insights.turnaround(request.query),
  );

  app.get(
    '/api/insights/turnaround/download/',
    {
      config,
      schema: {
        tags,
        description: `The same figures as one CSV table, with every reviewer and institution. ${PERIOD}`,
        querystring: turnaroundQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { fileName, content } = await insights.csv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(content);
    },
  );
};
