import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Portal-Demo-1!';

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
}

/**
 * Signs out with the header's (or the phone menu's) Log out, and waits until the app has started
 * afresh on the home page: the next navigation would otherwise race the app's own.
 */
export async function signOut(page: Page, logOut: Locator): Promise<void> {
  const restarted = page.waitForEvent('load');
  await logOut.click();
  await restarted;
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
}

/**
 * Ticks the joinder's agreement box on /joinder. Known defect (stop notes of 2026-11-27): a click
 * in the first moments after Chrome's PDF viewer loads the agreement above the box is sometimes
 * lost, as a person's first tick would be; the box must still end up ticked by clicking it, so the
 * click is repeated until it holds, and nothing else is relaxed. Not understood yet: the box is
 * not remounted (only the sign-in page's own form leaves the page then).
 */
export async function tickJoinderAgreement(page: Page): Promise<void> {
  const agreement = page.getByRole('checkbox', {
    name: 'I have read the Researcher Distribution Agreement and agree to its terms.',
  });
  await expect(async () => {
    await agreement.check();
  }).toPass({ timeout: 20_000 });
}
