import type { Browser } from 'puppeteer-core';
import { SESSION_COOKIES } from '@rrp/domain';
import type { Account } from './fixtures';
import type { Call } from './load';

/**
 * The GET requests the web app makes to show `path` to `account`, recorded in headless Chromium
 * until the network is idle, with exactly the query strings the screen sends. The cases replay
 * them, so they follow the screens as the screens change. On a first visit (`arrive: 'page'`):
 * the page itself (the home and the list screens are rendered by the server with their reads,
 * issues 15 and 32) and every API call after it. On a navigation inside the app (`'in app'`, from
 * the home, as a person follows a link): the API calls the screen makes, which a screen the
 * server renders does not make on a first visit.
 */
export async function screenCalls(
  browser: Browser,
  base: string,
  path: string,
  account: Account,
  arrive: 'page' | 'in app' = 'page',
): Promise<Call[]> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1366, height: 900 });
    await page.setCookie(
      { name: SESSION_COOKIES.token, value: account.token, url: base },
      { name: SESSION_COOKIES.role, value: account.role, url: base },
    );
    const cookie = `${SESSION_COOKIES.token}=${account.token}; ${SESSION_COOKIES.role}=${account.role}`;
    const calls: Call[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET' || url.origin !== base) return;
      const document = request.resourceType() === 'document';
      if (!document && !url.pathname.startsWith('/api/')) return;
      calls.push({
        path: `${url.pathname}${url.search}`,
        headers: document ? { cookie } : { authorization: `JWT ${account.token}` },
      });
    });
    if (arrive === 'in app') {
      await page.goto(`${base}/`, { waitUntil: 'networkidle0', timeout: 60_000 });
      calls.length = 0;
      // The app's router follows the history, as it does a link it draws (evaluated in the page:
      // the server's code has no DOM types).
      await page.evaluate(
        `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'));`,
      );
      await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
    } else {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
    }
    return calls;
  } finally {
    await context.close();
  }
}
