import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyEntrySchema, pageSchema } from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
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
};
