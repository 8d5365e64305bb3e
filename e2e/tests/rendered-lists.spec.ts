import { formatDate, SESSION_COOKIES } from '@rrp/domain';
import { expect, test } from '../support/test';
import { collectPageErrors, holdAppCode, waitForTakeOver } from '../support/rendered-page';
import { signIn } from '../support/session';

/** Far from UTC: most moments fall on another day here, so a page written in UTC would show it. */
const READER_ZONE = 'Pacific/Kiritimati';
test.use({ timezoneId: READER_ZONE });

const LISTS = {
  'portal_admin@demo.test': ['/request', '/user', '/project', '/institution'],
  'primary_researcher@demo.test': ['/request', '/project'],
} as const;

test("the list screens arrive drawn by the server, in the reader's time zone, and the app takes them over as they are", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const appCode = await holdAppCode(page);
  const rows = page.getByRole('main').getByRole('table').locator('tbody tr');
  for (const [email, paths] of Object.entries(LISTS)) {
    await page.context().clearCookies();
    // Signing in runs the app, which remembers the reader's zone for the pages the server renders.
    await signIn(page, email);
    for (const path of paths) {
      // Once the server has loaded the code of the parts this screen shows, which it does once:
      await page.goto(path);
      await expect(rows.first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The app's code is held back: what shows is the page as the server rendered it.
      appCode.hold();
      const calls: string[] = [];
      const record = (request: { url(): string; method(): string }) => {
        if (request.url().includes('/api/'))
          calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
      };
      page.on('request', record);
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(rows.first()).toBeVisible();
      expect(await rows.count(), path).toBeGreaterThan(1);
      expect(calls, path).toEqual([]);
      // Its controls wait for the app's code, so that nothing clicked or typed before it is lost.
      const firstControl = page.getByRole('main').locator('button, input').first();
      await expect(firstControl).toBeDisabled();

      if (path === '/institution') {
        // A moment (the Created column) is written in the reader's zone, not the server's.
        const token = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIES.token)!.value;
        const answer = await page.request.get('/api/institution/?ordering=name&limit=1&role=portal_admin', {
          headers: { authorization: `JWT ${token}` },
        });
        const [first] = ((await answer.json()) as { results: { name: string; created: string }[] }).results;
        const firstRow = rows.first();
        await expect(firstRow).toContainText(first!.name);
        await expect(firstRow).toContainText(formatDate(first!.created, READER_ZONE));
      }

      appCode.release();
      // Taken over, and the page read nothing it already had.
      await waitForTakeOver(page);
      await expect(firstControl).toBeEnabled();
      expect(
        calls.filter((call) => call.startsWith('GET')),
        path,
      ).toEqual([]);
      page.off('request', record);
    }
  }
  // A mismatch between the server's markup and the app's first render is reported as an error.
  expect(errors).toEqual([]);
});
