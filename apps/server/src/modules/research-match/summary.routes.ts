import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  requestSummarySchema,
  rmBaseQuerySchema,
  rmBaseUsersSchema,
  updateRequestSummarySchema,
} from '@rrp/domain';
import type { SummaryService } from './summary.service';

/** The request summary of a Research Match application (staff §3, §5, §7). */
export const summaryRoutes: FastifyPluginAsyncZod<{ summaries: SummaryService }> = async (
  app,
  { summaries },
) => {
  const tags = ['research-match'];

  app.get(
    '/api/request/:id/summary/',
    {
      config: { access: { action: 'read', subject: 'RequestSummary' } },
      schema: { tags, params: idParamSchema, response: { 200: requestSummarySchema } },
    },
    (request) => summaries.get(request.actor!, request.params.id),
  );

  app.patch(
    '/api/request/:id/summary/',
    {
      config: { access: { action: 'update', subject: 'RequestSummary' } },
      schema: {
        tags,
        description:
          'Any of the summary fields. `rm_ids`: a list or one string of ids, each RM plus 4 digits (optionally -suffix), one shared base; duplicates dropped. `due_date`: a day (stored at 12:00 UTC) or a timestamp, not in the past.',
        params: idParamSchema,
        body: updateRequestSummarySchema,
        response: { 200: requestSummarySchema },
      },
    },
    (request) => summaries.update(request.actor!, request.params.id, request.body),
  );

  app.get(
    '/api/request/:id/summary/rm-base/',
    {
      config: { access: { action: 'update', subject: 'RequestSummary' } },
      schema: {
        tags,
        description:
          'The other requests whose RM ids use `base`: the confirmation before saving ids with it.',
        params: idParamSchema,
        querystring: rmBaseQuerySchema,
        response: { 200: rmBaseUsersSchema },
      },
    },
    (request) => summaries.requestsUsingBase(request.actor!, request.params.id, request.query.base),
  );
};
