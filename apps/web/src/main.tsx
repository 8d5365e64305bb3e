import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { App } from './app/app';
import { createAppRouter, routerReady } from './app/router';
import { createQueryClient } from './lib/query-client';
import { rememberTimeZone } from './lib/reader-time-zone';
import { SERVER_STATE_ELEMENT_ID } from './lib/server-request';

const container = document.getElementById('root')!;
// Some pages arrive rendered: the sign-in page at build, the signed-in home and list screens by the
// server with the reads they show (src/server-render.tsx). React takes over their markup once the
// screen's code is here, so the first render matches it. Every other page renders in the browser.
const rendered = container.hasChildNodes();
const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
const queryClient = createQueryClient(serverState ? JSON.parse(serverState) : undefined);
const router = createAppRouter();

void (rendered ? routerReady(router) : Promise.resolve()).then(() => {
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // A transition: React renders the first screen in slices that leave the main thread free to
  // answer input in between (Lighthouse's Total Blocking Time, issue 15).
  startTransition(() => {
    if (rendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  setTimeout(rememberTimeZone, 0);
});
