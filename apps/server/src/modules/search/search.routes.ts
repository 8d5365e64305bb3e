import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '@rrp/domain';
import type { SearchService } from './search.service';

const resultSchema = z.object({ id: z.number(), display_name: z.string(), model: z.string() });

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/api/search/',
    {
      config: { access: { action: 'list', subject: 'Search' } },
      schema: {
        tags: ['search'],
        querystring: z.strictObject({
          q: z
            .string()
            .trim()
            .min(LIMITS.search.minChars, { error: `Enter at least ${LIMITS.search.minChars} characters.` })
            .max(100),
        }),
        response: { 200: z.object({ results: z.array(resultSchema) }) },
      },
    },
    async (request) => ({ results: await search.search(request.actor!, request.query.q) }),
  );
};
