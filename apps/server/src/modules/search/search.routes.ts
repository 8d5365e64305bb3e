import { z } from 'zod';
import { LIMITS } from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import type { SearchService } from './search.service';

const resultSchema = z.object({ id: z.number(), display_name: z.string(), model: z.string() });

export const searchRoutes = routes<{ search: SearchService }>(['search'], ({ search }) => [
  route({
    method: 'GET',
    url: '/api/search/',
    access: allow('list', 'Search'),
    query: z.strictObject({
      q: z
        .string()
        .trim()
        .min(LIMITS.search.minChars, { error: `Enter at least ${LIMITS.search.minChars} characters.` })
        .max(100),
    }),
    response: z.object({ results: z.array(resultSchema) }),
    handle: async ({ actor, query }) => ({ results: await search.search(actor, query.q) }),
  }),
]);
