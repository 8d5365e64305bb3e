import { existsSync } from 'node:fs';
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SESSION_COOKIES } from '@rrp/domain';
import { appPages } from './app-page';
import { NotFoundError } from './errors';
import { createServerRenderer, parseCookies } from './server-render';
import { WEB_DIST } from '../../paths';

/** The router's limit on a path parameter; longer ones answer 414. */
export const MAX_PARAM_LENGTH = 200;

/**
 * Serves the built web app: hashed assets cached for a year (immutable), precompressed files as
 * they are, and index.html (never cached) for every other non-API path, so client-side routes,
 * /404 included, load the app; it carries the links that preload the chunks of the screen the path
 * opens (app-page.ts).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir = WEB_DIST,
  serverRender: Parameters<typeof createServerRenderer>[1] = {},
): Promise<void> {
  const hasBuild = existsSync(`${distDir}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/build/precompress.ts):
      // sent with Content-Encoding and Vary: Accept-Encoding to clients that accept them.
      preCompressed: true,
      // The build's own notes (dist/.vite: its manifest, which screen loads which chunks) are
      // read by the build and the server, not sent.
      allowedPath: (path) => !path.startsWith('/.vite/'),
      setHeaders: (reply, path) => {
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // API paths never fall to the static catch-all above: an unknown one is the 404 of the
  // envelope, and one with a segment over the router's parameter limit the router's 414, the
  // same whether or not the web app is built.
  if (hasBuild)
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url !== '/*' || !request.url.startsWith('/api/')) return;
      const path = request.url.split('?')[0]!;
      if (path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) {
        throw new errorCodes.FST_ERR_MAX_PARAM_LENGTH(path);
      }
      throw new NotFoundError();
    });

  // The app's page for a path, with its screen's chunks; what it preloads depends on the cookie.
  const appPage = appPages(distDir);
  // Someone with a session gets the screens the web app renders on the server drawn, with what
  // they show (server-render.ts), when they can be; every other page renders in the browser.
  const renderSignedInPage = createServerRenderer(app, serverRender);
  const sendAppPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const cookies = request.headers.cookie;
    const signedIn = parseCookies(cookies).has(SESSION_COOKIES.token);
    const rendered =
      signedIn && request.method === 'GET' ? await renderSignedInPage(request.url, cookies) : null;
    const path = request.url.split('?')[0]!;
    // The visitor's own data: never kept by a cache on the way.
    if (rendered !== null)
      return reply
        .header('Cache-Control', 'no-store')
        .header('Vary', 'Cookie')
        .type('text/html')
        .send(await appPage.rendered(rendered, path));
    const page = await appPage.plain(path, signedIn);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie');
    return page === null ? reply.sendFile('index.html') : reply.type('text/html; charset=utf-8').send(page);
  };

  // The site root is the app itself (static serving would refuse a directory).
  if (hasBuild) app.get('/', sendAppPage);

  // The sign-in page as a visitor first sees it, prerendered at build (apps/web/build/start-pages.ts),
  // so it paints before the app's JavaScript has run. Someone with a session cookie, or arriving
  // with a notice to show (?redirect=…), gets the app's page, which renders what applies to them.
  if (hasBuild && existsSync(`${distDir}/login.html`))
    app.get('/login', (request, reply) => {
      const query = Object.keys(request.query as Record<string, unknown>);
      const hasSession = parseCookies(request.headers.cookie).has(SESSION_COOKIES.token);
      const asVisitor = !hasSession && query.every((key) => key === 'next');
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .sendFile(asVisitor ? 'login.html' : 'index.html');
    });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    // A missing file (a stale /assets/ chunk) is a 404, never the app's page in its place.
    const isFile = /\.[A-Za-z0-9]{1,8}$/.test(path);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api') && !isFile;
    if (wantsPage && hasBuild) return sendAppPage(request, reply);
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm start` (it builds apps/web) or `npm run build:web`.');
    }
    throw new NotFoundError();
  });
}
