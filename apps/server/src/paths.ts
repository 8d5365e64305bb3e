import { fileURLToPath } from 'node:url';

/**
 * Files the server reads at run time, resolved from this module's place: it sits one level under
 * apps/server both in the sources (src/paths.ts, run by tsx and the tests) and in the build (bundled
 * into dist/, where the build copies the migrations), so the same relative paths hold in both.
 */
const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The checked-in SQL migrations. */
export const MIGRATIONS_FOLDER = at('./db/migrations');
/** The built web app. */
export const WEB_DIST = at('../../web/dist');
/** The web app's module that renders its signed-in home per request, built beside it. */
export const WEB_SERVER_RENDER = at('../../web/dist-server/server-render.js');
/** The default DATA_DIR: `data/` at the repository root. */
export const DEFAULT_DATA_DIR = at('../../../data');
