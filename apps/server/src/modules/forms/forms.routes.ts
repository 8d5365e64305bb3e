import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageSchema } from '@rrp/domain';
import { RESPONSE_SELECTION_TABLES, type ResponseSelectionTable } from '@rrp/domain/forms';
import { listQuerySchema, toPage } from '../../platform/list';
import { RESPONSE_SELECTION_LISTS } from './forms.lists';
import type { FormsService } from './forms.service';

const optionSchema = z.object({ id: z.number(), name: z.string() });

/** Every option list takes the same parameters: `table`, a name filter, search, ordering, paging. */
const responseSelectionQuery = listQuerySchema(RESPONSE_SELECTION_LISTS.cohorts).extend({
  table: z.enum(RESPONSE_SELECTION_TABLES, {
    error: `Select a valid choice: ${RESPONSE_SELECTION_TABLES.join(', ')}.`,
  }),
});

export const formsRoutes: FastifyPluginAsyncZod<{ forms: FormsService }> = async (app, { forms }) => {
  // Form documents are static, public like the app's other assets (decision 050): they hold
  // questions, never answers. Outside /api, as the spec names them.
  app.get(
    '/forms/:file',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ file: z.string().max(200) }) },
    },
    async (request, reply) => {
      const match = /^([a-z0-9][a-z0-9_-]*)\.json$/.exec(request.params.file);
      const form = forms.get(match?.[1] ?? '');
      return reply.header('Cache-Control', 'no-cache').type('application/json').send(JSON.stringify(form));
    },
  );

  app.get(
    '/api/response-selection/',
    {
      config: { access: { action: 'list', subject: 'ReferenceData' } },
      schema: {
        tags: ['forms'],
        querystring: responseSelectionQuery,
        response: { 200: pageSchema(optionSchema) },
      },
    },
    async (request) => {
      const { table, ...query } = request.query;
      // The list schema's open shape widens `table`; the enum above has already checked it.
      const { list, count, results } = await forms.listOptions(table as ResponseSelectionTable, query);
      return toPage(request, list, count, results);
    },
  );
};
