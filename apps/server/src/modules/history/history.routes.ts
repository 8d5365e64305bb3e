import { historyEntrySchema } from '@rrp/domain';
import { routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { historyList } from './history.lists';
import type { HistoryService } from './history.service';

const entry = objectRoutes('/api/history/', 'History', historyEntrySchema, historyList);

export const historyRoutes = routes<{ history: HistoryService }>(['history'], ({ history }) => [
  entry.list({ list: historyList, load: ({ actor, query }) => history.list(actor, query) }),
  entry.read(({ actor, params, expand }) => history.get(actor, params.id, expand)),
]);
