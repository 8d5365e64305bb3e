import { getHeapSpaceStatistics } from 'node:v8';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { users } from '../src/db/schema';
import { openDatabase } from '../src/platform/db/open';
import { preloadServerRenderer } from '../src/platform/http/server-render';

/**
 * The server the benchmark loads: the built app exactly as `npm start` builds it, plus the floor —
 * a bare route doing one primary-key query on the same pool — to compare every case with. Data is
 * generated beforehand (no seeding here), and nothing is logged per request, as in production.
 */
const config = loadConfig();
const database = await openDatabase(config);
const app = await buildApp({ config, database, logger: false });
app.withTypeProvider<ZodTypeProvider>().get(
  '/bench/floor/:id',
  {
    config: { access: 'public' },
    schema: { hide: true, params: z.object({ id: z.coerce.number().int() }) },
  },
  async (request) => {
    const [row] = await database.db
      .select({ id: users.id, email: users.email, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, request.params.id));
    return row ?? {};
  },
);
// What the server's memory holds (issue 32), read by the runner while each case runs: V8's heap
// beside what lives outside it (buffers, native allocations), to tell which of them grows.
app.get('/bench/memory', { config: { access: 'public' }, schema: { hide: true } }, async () => {
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
  );
  return { ...usage, newSpace: spaces.new_space ?? 0, oldSpace: spaces.old_space ?? 0 };
});
await app.listen({ port: config.port, host: '127.0.0.1' });
preloadServerRenderer();
process.send?.('ready');
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
