import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyEntrySchema, idParamSchema, pageSchema } from '@rrp/domain';
import { detailQuerySchema, listQuerySchema, parseExpand, toPage } from '../../platform/list';
import { historyList } from './history.lists';
import type { HistoryService } from './history.service';

export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  app.get(
    '/api/history/',
    {
      config: { access: { action: 'list', subject: 'History' } },
      schema: {
        tags: ['history'],
        querystring: listQuerySchema(historyList),
        response: { 200: pageSchema(historyEntrySchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await history.list(request.actor, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/history/:id/',
    {
      config: { access: { action: 'read', subject: 'History' } },
      schema: {
        tags: ['history'],
        params: idParamSchema,
        querystring: detailQuerySchema,
        response: { 200: historyEntrySchema },
      },
    },
    (request) =>
      history.get(request.actor, request.params.id, parseExpand(historyList, request.query.expand)),
  );
};
