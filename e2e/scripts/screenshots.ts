/**
 * Full-page screenshots of the main screens for a person to look at, on a desktop (1366 px) and a
 * phone (390 px), signed out and as a researcher, an administrator and a signing official:
 *   BASE_URL=http://127.0.0.1:3000 npx tsx e2e/scripts/screenshots.ts
 * Writes PNGs named `{width}-{who}-{screen}.png` into ./screenshots (ignored by git), with the
 * phone menu open once per person, and says which screens are wider than the window.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const out = process.env.OUT_DIR ?? 'screenshots';
const password = process.env.PASSWORD ?? 'Portal-Demo-1!';
mkdirSync(out, { recursive: true });

const PEOPLE: Record<string, { email: string | null; screens: string[] }> = {
  visitor: {
    email: null,
    screens: ['/', '/login', '/public-resources', '/no-such-page', '/terms-and-conditions'],
  },
  researcher: {
    email: 'primary_researcher@demo.test',
    screens: [
      '/',
      '/request',
      '/project',
      '/dataset',
      '/request/create',
      '/compliance_researcher',
      '/my-profile',
    ],
  },
  admin: {
    email: 'portal_admin@demo.test',
    screens: [
      '/',
      '/resource-request',
      '/institution',
      '/request',
      '/compliance',
      '/dataaccess',
      '/research-match-review',
      '/research-match-review/start-review',
      '/research-match-applications',
    ],
  },
  // The Research Match reviewer's home and review centre (their own assignments).
  rmReviewer: { email: 'internal_reviewer@demo.test', screens: ['/', '/research-match-review'] },
  sbso: { email: 'sbso@demo.test', screens: ['/', '/annual-researcher-review', '/my-profile', '/user'] },
  // The Users screens; user 1 is the demo researcher.
  accessAdmin: { email: 'access_admin@demo.test', screens: ['/user', '/user/create', '/user/1'] },
};

/** Waits for a screen's data: the network quiet and no skeleton or loader left. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () => !document.querySelector('.mantine-Skeleton-root, .mantine-Loader-root'),
      undefined,
      {
        timeout: 20_000,
      },
    )
    .catch(() => undefined);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const width of [1366, 390]) {
  for (const [who, { email, screens }] of Object.entries(PEOPLE)) {
    const context = await browser.newContext({ viewport: { width, height: width > 600 ? 800 : 844 } });
    const page = await context.newPage();
    if (email) {
      await page.goto(`${base}/login`);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Password' }).fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    }
    for (const path of screens) {
      await page.goto(`${base}${path}`);
      await settled(page);
      const name = `${width}-${who}-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}`;
      await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      if (scrollWidth > innerWidth)
        console.log(`${name}: ${scrollWidth} px wide in a ${innerWidth} px window`);
    }
    if (width < 992 && email) {
      await page.goto(`${base}/`);
      await settled(page);
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      await page.screenshot({ path: `${out}/${width}-${who}-menu.png` });
    }
    await context.close();
  }
}
await browser.close();
console.log(`Screenshots in ${out}/`);
