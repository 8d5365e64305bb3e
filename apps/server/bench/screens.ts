import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/** The list screens the browser phase opens, each with the whole generated table behind it. */
const SCREENS = ['/request', '/user', '/project', '/institution'];

/** Evaluated in the page (the server's code has no DOM types): the page's clock once 10 rows have cells. */
const ROWS_PAINTED = `[...document.querySelectorAll('table tbody tr')].filter((row) => row.querySelector('td')).length >= 10 && performance.now()`;

/** Chromium: CHROME_PATH, else the first of these installed (a full browser or the headless shell). */
const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium-headless-shell'];

/** Headless Chromium, or null (with a message saying what `skipped` is) when none is installed. */
export async function launchBrowser(skipped: string): Promise<Browser | null> {
  const executablePath = process.env.CHROME_PATH ?? CHROMIUM.find((path) => existsSync(path));
  if (!executablePath || !existsSync(executablePath)) {
    console.log(`No Chromium at ${executablePath ?? CHROMIUM.join(' or ')} (CHROME_PATH): ${skipped}.`);
    return null;
  }
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
}

export interface ScreenResult {
  path: string;
  /** Milliseconds from the navigation's start to the first frame with a full page of rows. */
  firstVisitsMs: number[];
  laterVisitsMs: number[];
}

const SCREEN_ROUNDS = 3;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[]) =>
  `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

/**
 * The browser phase: each list screen opened as the administrator in headless Chromium, in three
 * fresh browser contexts: once with an empty cache (a first visit), then again (a later visit).
 * Timed in the page, from the navigation's start to the first animation frame in which the table
 * holds a page of rows (the page's own clock, not the driver's polling). Skipped, with a message,
 * when Chromium is not installed.
 */
export async function openScreens(port: number, adminToken: string): Promise<ScreenResult[]> {
  const browser = await launchBrowser('the list screens are not opened');
  if (!browser) return [];
  const base = `http://127.0.0.1:${port}`;
  try {
    const results: ScreenResult[] = [];
    for (const path of SCREENS) {
      const result: ScreenResult = { path, firstVisitsMs: [], laterVisitsMs: [] };
      for (let round = 0; round < SCREEN_ROUNDS; round += 1) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await page.setViewport({ width: 1366, height: 900 });
        await page.setCookie(
          { name: 'rrp_token', value: adminToken, url: base },
          { name: 'rrp_role', value: 'portal_admin', url: base },
        );
        const visit = async () => {
          await page.goto(`${base}${path}`);
          const painted = await page.waitForFunction(ROWS_PAINTED, { polling: 'raf', timeout: 30_000 });
          return Number(await painted.jsonValue());
        };
        result.firstVisitsMs.push(await visit());
        result.laterVisitsMs.push(await visit());
        await context.close();
      }
      results.push(result);
      console.log(
        `${path}: rows shown ${spread(result.firstVisitsMs)} ms after a first visit's navigation began, ${spread(result.laterVisitsMs)} ms on a later visit`,
      );
    }
    return results;
  } finally {
    await browser.close();
  }
}

export function screenTable(screens: ScreenResult[]): string {
  if (screens.length === 0) return '';
  return [
    `| list screen (admin, 1366 px) | first visit ms, median (range) of ${SCREEN_ROUNDS} | later visit ms |`,
    '| --- | ---: | ---: |',
    ...screens.map((s) => `| ${s.path} | ${spread(s.firstVisitsMs)} | ${spread(s.laterVisitsMs)} |`),
  ].join('\n');
}
