import { expect, type Page } from '@playwright/test';

/**
 * The errors a page reports, uncaught or logged: React reports a page whose markup it could not
 * take over as it was (a hydration mismatch) as one.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * Holds back the app's code on pages that arrive rendered (their after-paint starter), so that a
 * test sees the page as the server or the build drew it: `hold()` before loading one, `release()`
 * to let the code run. Pages load freely until the first `hold()`.
 */
export async function holdAppCode(page: Page): Promise<{ hold(): void; release(): void }> {
  let held = Promise.resolve();
  let release = () => {};
  await page.route('**/assets/start-after-paint-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return {
    hold: () => {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

/**
 * Waits until the app has taken over a page that arrived drawn: the header's account menu, held
 * disabled until then (LazyPart), opens, and is closed again.
 */
export async function waitForTakeOver(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click({ timeout: 15_000 });
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
}
