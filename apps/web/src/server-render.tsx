import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { isTimeZone, SESSION_COOKIES, setReaderTimeZoneSource, type SessionUserDto } from '@rrp/domain';
import { AppFrame } from './app/app';
import { ROUTES } from './app/route-table';
import { appRoutes } from './app/router';
import { SCREENS } from './app/screens';
import { createQueryClient } from './lib/query-client';
import { SERVER_STATE_ELEMENT_ID, setServerRequestSource, type ServerRequest } from './lib/server-request';
import { activeRoleFor, meQueryKey } from './lib/session';

/**
 * Pages rendered outside the browser, built for Node (build/start-pages.ts): the sign-in page as a
 * visitor first sees it, written into its HTML at build, and the screens the route table marks
 * `serverRendered` (the signed-in home, issue 15; the list screens, issue 32), rendered by the
 * server for each request with the reads they show, so that they paint before the app's code has
 * run and the browser asks for nothing more to show them. The browser then hydrates the markup
 * (main.tsx) with those reads.
 */

/** The request each render answers: one module serves every request the server renders. */
const requests = new AsyncLocalStorage<ServerRequest>();
setServerRequestSource(() => requests.getStore());
// Moments are written in the reader's zone, as their browser writes them when it takes the page
// over; UTC for a reader whose zone is not known (the app writes it as it starts).
setReaderTimeZoneSource(() => {
  const request = requests.getStore();
  if (!request) return undefined;
  const zone = request.cookie(SESSION_COOKIES.timeZone);
  return zone && isTimeZone(zone) ? zone : 'UTC';
});

/** A page whose reads depend on earlier ones (the user, then the role's panels) takes a render per step. */
const MAX_RENDERS = 6;
/** What the build writes beside this module: index.html with slots for the markup and the reads. */
const PAGE_TEMPLATE = new URL('./app-page.html', import.meta.url);
let template: string | undefined;
const pageTemplate = () => (template ??= readFileSync(PAGE_TEMPLATE, 'utf8'));
/** Where the template takes the page's markup, and the reads it was rendered with. */
export const MARKUP_SLOT = '<!--app-markup-->';
export const STATE_SLOT = '<!--app-state-->';

/** The app at `path`; each render of it starts from the state it is given (the query cache). */
async function pageElement(path: string, queryClient: QueryClient): Promise<ReactNode> {
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(path, 'http://server.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be rendered here`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <StrictMode>
      <AppFrame navigate={router.navigate} queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </StrictMode>
  );
}

/**
 * A part that suspended (its lazy code not loaded yet) is left for the browser to render, which
 * React reports as a failed hydration: a page is sent only when it rendered whole.
 */
const suspended = (markup: string) => markup.includes('<!--$!-->') || markup.includes('<!--$?-->');

/** The markup of a public page as a visitor first sees it (no session, no data loaded yet). */
export async function renderPage(path: string): Promise<string> {
  const markup = renderToString(await pageElement(path, createQueryClient()));
  if (suspended(markup)) throw new Error(`${path}: a part of the page suspended while prerendering`);
  return markup;
}

/**
 * Renders whole, waiting for the code of every lazy part, so that later renders find it loaded.
 * Its markup is not sent: it completes the parts that were late with inline scripts, which the
 * content security policy forbids.
 */
async function loadLazyParts(element: ReactNode): Promise<void> {
  const { prelude } = await prerenderToNodeStream(element);
  for await (const chunk of prelude) void chunk;
}

/**
 * A read the page waits for: not arrived, and not switched off. On the server no observer
 * subscribes, so `enabled` is read from the options the query was first built with, which keep it.
 */
function isWaiting(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (
    query.state.status === 'pending' && (typeof enabled === 'function' ? enabled(query) : enabled) !== false
  );
}

/** Whether the route table marks the screen `path` opens as rendered by the server. */
export function rendersOnServer(path: string): boolean {
  const pathname = new URL(path, 'http://server.invalid').pathname;
  return ROUTES.some((route) => route.serverRendered && matchPath(route.path, pathname) !== null);
}

/**
 * Loads the code of the screens the server renders and of the signed-in shell, which the server
 * asks for as it starts: the first visitor then does not wait for it.
 */
export async function loadServerRenderedScreens(): Promise<void> {
  await Promise.all([
    ...ROUTES.filter((route) => route.serverRendered).map((route) => SCREENS[route.screen!]!()),
    import('./app/shell/signed-in-header'),
  ]);
}

/**
 * The signed-in page at `path` (with its query), rendered for the request whose cookies and API
 * `request` gives: each render shows which reads the page waits for (the session's user first,
 * then what the role's screen shows); they are fetched and the page is rendered again, until it
 * waits for none. Null for a screen the route table does not mark, and when the page cannot be
 * rendered whole (a read failed, or it kept asking): the server then sends the app's plain page,
 * which renders in the browser as before.
 */
export async function renderSignedInPage(
  path: string,
  request: Pick<ServerRequest, 'cookie' | 'fetch'>,
): Promise<string | null> {
  if (!rendersOnServer(path)) return null;
  const queryClient = createQueryClient();
  let activeRole: string | null = null;
  return requests.run({ ...request, activeRole: () => activeRole }, async () => {
    const element = await pageElement(path, queryClient);
    for (let render = 0; render < MAX_RENDERS; render += 1) {
      const markup = renderToString(element);
      const waiting = queryClient.getQueryCache().findAll({ predicate: isWaiting });
      if (waiting.length === 0 && !suspended(markup)) {
        const state = JSON.stringify(dehydrate(queryClient)).replace(/</g, '\\u003c');
        return pageTemplate()
          .replace(MARKUP_SLOT, () => markup)
          .replace(
            STATE_SLOT,
            () => `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${state}</script>`,
          );
      }
      // Code not loaded yet is loaded once for all later requests; its parts' reads show next time.
      if (suspended(markup)) await loadLazyParts(element);
      try {
        await Promise.all(
          waiting.map((query) =>
            queryClient.fetchQuery({ ...query.options, queryKey: query.queryKey, retry: false }),
          ),
        );
      } catch {
        return null;
      }
      // Calls carry the active role, as the browser's do, once the user's record says which it is.
      const user = queryClient.getQueriesData<SessionUserDto>({ queryKey: meQueryKey })[0]?.[1];
      activeRole = user ? activeRoleFor(user) : null;
    }
    return null;
  });
}
