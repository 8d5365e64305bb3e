import { expect, test } from '../support/test';
import { signIn } from '../support/session';

test('a superuser acts as a researcher and exits back to their own session', async ({ page }) => {
  await signIn(page, 'superuser@demo.test');
  await expect(page.getByRole('heading', { name: 'Service health' })).toBeVisible();
  await expect(page.getByRole('row', { name: /GLOBUS/ })).toContainText('not configured');

  await page.getByRole('textbox', { name: "User's email" }).fill('primary_researcher@demo.test');
  await page.getByRole('button', { name: 'Impersonate' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'You are acting as' });
  await expect(banner).toContainText('primary_researcher@demo.test');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }),
  ).toBeVisible();
  // The session holds only what a superuser may do too (decision 108): the researcher's projects
  // and requests are not theirs to see, which a notice says without blocking the page.
  await expect(page.getByText('Not available while acting as this user')).toBeVisible();

  await banner.getByRole('button', { name: 'EXIT' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Service health' })).toBeVisible();
});

test('a user with several roles switches the role they view as', async ({ page }) => {
  await signIn(page, 'staff@demo.test');
  const switcher = page.getByRole('combobox', { name: 'Viewing As' });
  await expect(switcher).toHaveValue('Viewing As: Portal Base Administrator');
  await expect(page.getByRole('heading', { name: 'Service health' })).toHaveCount(0);
  await switcher.click();
  await page.getByRole('option', { name: 'Viewing As: Superuser' }).click();
  await expect(page.getByRole('heading', { name: 'Service health' })).toBeVisible();
  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Viewing As' })).toHaveValue('Viewing As: Superuser');
});
