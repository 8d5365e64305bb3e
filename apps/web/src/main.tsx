import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { App } from './app/app';
import { appRoutes, createAppRouter, loadScreensOf } from './app/router';

const container = document.getElementById('root')!;
const routes = appRoutes();
// The sign-in page arrives prerendered (build/start-pages.ts): React takes over its markup once the
// screen's code is here, so the first render matches it. Every other page renders in the browser.
const prerendered = container.hasChildNodes();
const ready = prerendered ? loadScreensOf(routes, window.location.pathname) : Promise.resolve();

void ready.then(() => {
  const app = (
    <StrictMode>
      <App router={createAppRouter(routes)} />
    </StrictMode>
  );
  // A transition: React renders the first screen in slices that leave the main thread free to
  // answer input in between (Lighthouse's Total Blocking Time, issue 15).
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});
