import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { WEB_SERVER_RENDER } from '../../paths';

/** The web app's rendering module (apps/web/src/server-render.tsx), as built. */
interface WebRenderer {
  /** Whether it renders the screen `path` opens; it answers null for the others. */
  rendersOnServer(path: string): boolean;
  loadServerRenderedScreens(): Promise<void>;
  renderSignedInPage(
    path: string,
    request: {
      cookie(name: string): string | null;
      fetch(url: string, init: RequestInit): Promise<Response>;
    },
  ): Promise<string | null>;
}

const loadRenderer = (modulePath: string) =>
  existsSync(modulePath)
    ? (import(pathToFileURL(modulePath).href) as Promise<WebRenderer>)
    : Promise.resolve(null);

/**
 * Loads the rendering module and the screens it renders ahead of the first signed-in visitor, who
 * would otherwise wait for them (and, over the time limit, get the plain page). Modules load once
 * per process.
 */
export function preloadServerRenderer(modulePath = WEB_SERVER_RENDER): void {
  loadRenderer(modulePath)
    .then((module) => module?.loadServerRenderedScreens())
    .catch(() => undefined);
}

/** A page the server has not rendered by then is sent as the app's plain page instead. */
const SERVER_RENDER_LIMIT_MS = 2_000;

/**
 * Pages rendered at once; the others wait their turn (issue 32, memory). Each render holds its
 * page's reads and React's tree for as long as it runs: 50 at once on two busy cores took the heap
 * past 400 MB and each past the time limit, while a few at a time finish as fast in total.
 */
const RENDERS_AT_ONCE = 4;

/**
 * Turns for `size` renders at once, first come first served. A turn ends when its render settles
 * or `limitMs` after it began, whichever is first: a render that never ends cannot hold one.
 */
function renderTurns(size: number, limitMs: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      release();
    };
    const timer = setTimeout(end, limitMs);
    try {
      return await work();
    } finally {
      end();
    }
  };
}

/** The cookies of a request's Cookie header, by name. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    try {
      if (name && !cookies.has(name)) cookies.set(name, decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A value that is not URI-encoded is not one of ours.
    }
  }
  return cookies;
}

/**
 * The API as the rendering module's calls reach it: in process (`inject`), through the same
 * routes, permission checks and serialisation as the browser's calls, with no socket.
 */
function inProcessFetch(app: FastifyInstance) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}

/**
 * Renders the web app's signed-in pages on the server (issue 15): the page arrives drawn, with the
 * reads it shows, instead of waiting for the app's code and then for each of its calls in turn.
 * Answers null whenever the page is not rendered (no build of the module, a failed read, over the
 * time limit, an error, which is logged), and the caller sends the app's plain page: the browser
 * then renders it as it always could.
 */
export function createServerRenderer(
  app: FastifyInstance,
  { modulePath = WEB_SERVER_RENDER, limitMs = SERVER_RENDER_LIMIT_MS, rendersAtOnce = RENDERS_AT_ONCE } = {},
) {
  const { log } = app;
  const inTurn = renderTurns(rendersAtOnce, limitMs);
  let loading: Promise<WebRenderer | null> | undefined;
  const renderer = () => (loading ??= loadRenderer(modulePath));
  const fetch = inProcessFetch(app);

  return async (path: string, cookieHeader: string | undefined): Promise<string | null> => {
    const cookies = parseCookies(cookieHeader);
    let timer: NodeJS.Timeout | undefined;
    // Set when the plain page has been sent: a render still waiting for its turn is not begun.
    let abandoned = false;
    const overTime = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        abandoned = true;
        log.warn({ path }, `The page was not rendered within ${limitMs} ms; the plain page was sent`);
        resolve(null);
      }, limitMs);
    });
    try {
      const module = await renderer();
      // A screen the module does not render takes no turn: its plain page is sent at once.
      if (!module?.rendersOnServer(path)) return null;
      return await Promise.race([
        inTurn(async () =>
          abandoned
            ? null
            : module.renderSignedInPage(path, { cookie: (name) => cookies.get(name) ?? null, fetch }),
        ),
        overTime,
      ]);
    } catch (error) {
      log.error({ err: error, path }, 'Rendering the page on the server failed; the plain page was sent');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
