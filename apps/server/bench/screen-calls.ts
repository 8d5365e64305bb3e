import type { Browser } from 'puppeteer-core';
import { SESSION_COOKIES } from '@rrp/domain';
import type { Account } from './fixtures';
import type { Call } from './load';

/**
 * The GET requests the web app makes to show `path` to `account` on a first visit, recorded in
 * headless Chromium until the network is idle: the page itself (the signed-in home is rendered by
 * the server with its reads, issue 15) and every API call, with exactly the query strings the
 * screen sends. The cases replay them, so they follow the screens as the screens change.
 */
export async function screenCalls(
  browser: Browser,
  base: string,
  path: string,
  account: Account,
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
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle0', timeout: 60_000 });
    return calls;
  } finally {
    await context.close();
  }
}
