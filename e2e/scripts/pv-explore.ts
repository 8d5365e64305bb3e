import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
const base = 'http://127.0.0.1:3107';
const [email, width, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await (await browser.newContext({ viewport: { width: Number(width), height: 900 } })).newPage();
await page.goto(`${base}/login`);
await page.getByRole('textbox', { name: 'Email' }).fill(email!);
await page.getByRole('textbox', { name: 'Password' }).fill('Portal-Demo-1!');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL(`${base}/`);
await page.waitForLoadState('networkidle');
for (const path of paths) {
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const name = `${email!.split('@')[0]}-${width}-${path.replace(/[^a-z0-9]+/gi, '_')}`;
  await page.screenshot({ path: `/tmp/pv-shots/${name}.png`, fullPage: true });
  console.log(name);
}
await browser.close();
