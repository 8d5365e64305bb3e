import { z } from 'zod';
import { pageSchema } from '@rrp/domain';
import { RESPONSE_SELECTION_TABLES, type ResponseSelectionTable } from '@rrp/domain/forms';
import { allow, route, routes } from '../../platform/http/route';
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

export const formsRoutes = routes<{ forms: FormsService }>(['forms'], ({ forms }) => [
  route({
    method: 'GET',
    url: '/api/response-selection/',
    access: allow('list', 'ReferenceData'),
    query: responseSelectionQuery,
    response: pageSchema(optionSchema),
    handle: async ({ query: { table, ...query }, request }) => {
      // The list schema's open shape widens `table`; the enum above has already checked it.
      const { list, count, results } = await forms.listOptions(table as ResponseSelectionTable, query);
      return toPage(request, list, count, results);
    },
  }),
  /**
   * Form documents are static, public like the app's other assets (decision 050): they hold
   * questions, never answers. Outside /api, as the spec names them, and hidden from the API
   * document.
   */
  route({
    method: 'GET',
    url: '/forms/:file',
    access: 'public',
    hide: true,
    params: z.object({ file: z.string().max(200) }),
    handle: ({ params, reply }) => {
      const match = /^([a-z0-9][a-z0-9_-]*)\.json$/.exec(params.file);
      const form = forms.get(match?.[1] ?? '');
      return reply.header('Cache-Control', 'no-cache').type('application/json').send(JSON.stringify(form));
    },
  }),
]);
