import { historyEntrySchema, idParamSchema } from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { detailQuerySchema, listRoute, parseExpand } from '../../platform/list';
import { historyList } from './history.lists';
import type { HistoryService } from './history.service';

export const historyRoutes = routes<{ history: HistoryService }>(['history'], ({ history }) => [
  listRoute({
    url: '/api/history/',
    access: allow('list', 'History'),
    list: historyList,
    item: historyEntrySchema,
    load: ({ actor, query }) => history.list(actor, query),
  }),
  route({
    method: 'GET',
    url: '/api/history/:id/',
    access: allow('read', 'History'),
    params: idParamSchema,
    query: detailQuerySchema,
    response: historyEntrySchema,
    handle: ({ actor, params, query }) =>
      history.get(actor, params.id, parseExpand(historyList, query.expand)),
  }),
]);
