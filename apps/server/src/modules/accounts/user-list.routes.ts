import { userListItemSchema } from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { listQuerySchema, listRoute } from '../../platform/list';
import type { UserListService } from './user-list.service';
import { userList } from './user-list.lists';

/** GET user/: staff pickers and the user list (staff §7 GET user). */
export const userListRoutes = routes<{ users: UserListService }>(['accounts'], ({ users }) => [
  listRoute({
    url: '/api/user/',
    access: allow('list', 'User'),
    list: userList,
    item: userListItemSchema,
    load: ({ actor, query }) => users.list(actor, query),
  }),
  route({
    method: 'GET',
    url: '/api/user/download/',
    description:
      'The filtered user list (the filters, search and ordering of GET user/) as a CSV file, streamed.',
    access: allow('list', 'User'),
    query: listQuerySchema(userList),
    produces: ['text/csv'],
    handle: ({ actor, query, reply }) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .send(users.csv(actor, query)),
  }),
]);
