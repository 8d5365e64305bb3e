import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppFrame } from './app/app';
import { appRoutes } from './app/router';

/**
 * The markup of a public page as a visitor first sees it (no session, no data loaded yet), for the
 * build to write into the page's HTML (build/start-pages.ts); the browser then hydrates it (main.tsx).
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(appRoutes());
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <AppFrame navigate={router.navigate}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </StrictMode>,
  );
  // A part that suspended (lazy code) would be left for the browser to render, which React reports
  // as a failed hydration: the visitor's page must render whole at once.
  if (markup.includes('<!--$!-->'))
    throw new Error(`${path}: a part of the page suspended while prerendering`);
  return markup;
}
