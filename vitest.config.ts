import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, several projects: pure rules (domain, server-unit, web) and the API suite,
 * which runs once on embedded PGlite and once more on a PostgreSQL server (TEST_DB=postgres).
 * The Node projects share a worker's modules between files (`isolate: false`): their tests keep
 * no state in modules and restore what they stub. The web project's files mock modules, so each
 * keeps its own context.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-api',
          include: ['apps/server/src/**/*.api.test.ts', 'apps/server/test/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file builds its own app on its own database (test/test-app.ts), so files need no
          // module graph of their own: importing the server once per worker, not once per file,
          // halves the suite's time.
          isolate: false,
          // A limit for a test that hangs, not a speed check. Beside the browser lanes of `npm test`
          // a test that seeds the whole demo data took 22 s on PGlite and 12 s on PostgreSQL.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file still runs in its own context (its module mocks stay its own), but a worker
          // builds jsdom once instead of once per file: a third of the time.
          pool: 'vmThreads',
          setupFiles: ['src/test/setup.ts'],
          // `npm test` runs these beside two browser lanes, with a load of 10–13 on two cores: a
          // file's first test (its first render of a whole screen) took 22 s there that takes 2 s
          // alone, and a limit of 15 s cut one off. The limit is for a test that hangs, not a speed
          // check: 60 s leaves the same margin on a CI machine slower again.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
