import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageSchema, userListItemSchema } from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
import { userList, type UserListService } from './user-list.service';

/** GET user/: staff pickers and the user list (staff §7 GET user). */
export const userListRoutes: FastifyPluginAsyncZod<{ users: UserListService }> = async (app, { users }) => {
  app.get(
    '/api/user/',
    {
      config: { access: { action: 'list', subject: 'User' } },
      schema: {
        tags: ['accounts'],
        querystring: listQuerySchema(userList),
        response: { 200: pageSchema(userListItemSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await users.list(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/user/download/',
    {
      config: { access: { action: 'list', subject: 'User' } },
      schema: {
        tags: ['accounts'],
        description:
          'The filtered user list (the filters, search and ordering of GET user/) as a CSV file, streamed.',
        querystring: listQuerySchema(userList),
        produces: ['text/csv'],
      },
    },
    (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .send(users.csv(request.actor!, request.query)),
  );
};
