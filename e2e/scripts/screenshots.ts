/**
 * Full-page screenshots of the main screens, for a person to look at:
 *   BASE_URL=http://127.0.0.1:3000 npx tsx e2e/scripts/screenshots.ts
 * Writes PNGs into ./screenshots (ignored by git).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const out = process.env.OUT_DIR ?? 'screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
for (const [name, path] of [
  ['home', '/'],
  ['login', '/login'],
  ['not-found', '/no-such-page'],
  ['terms', '/terms-and-conditions'],
] as const) {
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}
await page.goto(`${base}/login`);
await page.getByRole('textbox', { name: 'Email' }).fill(process.env.EMAIL ?? 'portal_admin@demo.test');
await page.getByRole('textbox', { name: 'Password' }).fill(process.env.PASSWORD ?? 'Portal-Demo-1!');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL(`${base}/`);
await page.waitForLoadState('networkidle');
await page.screenshot({ path: `${out}/signed-in-home.png`, fullPage: true });
await page.goto(`${base}/institution`);
await page.waitForLoadState('networkidle');
await page.screenshot({ path: `${out}/pending-route.png`, fullPage: true });
await browser.close();
console.log(`Screenshots in ${out}/`);
