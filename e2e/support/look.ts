import type { Page } from '@playwright/test';

/** Where journeys keep screenshots of the screens they pass, when E2E_SHOTS names a directory. */
const SHOTS = process.env.E2E_SHOTS;

/**
 * With E2E_SHOTS set, a full-page screenshot of the page on a laptop (1366 px) and on a phone
 * (390 px), to look at; the journey goes on at the size it had.
 */
export async function look(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const viewport = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (viewport) await page.setViewportSize(viewport);
}
