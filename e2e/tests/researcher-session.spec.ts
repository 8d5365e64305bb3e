import { expect, test } from '../support/test';
import { signIn } from '../support/session';

test('a researcher signs in, finds their navigation, keeps the session on reload and logs out', async ({
  page,
}) => {
  await signIn(page, 'primary_researcher@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of ['Project Updates Dashboard', 'Projects', 'Requests', 'Datasets']) {
    await expect(nav.getByRole('link', { name: link })).toBeVisible();
  }
  // Researchers have no View menu, and no tissue catalogue unless approved for it.
  await expect(page.getByRole('button', { name: 'View menu' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Tissue Catalog' })).toHaveCount(0);

  // The dataset catalogue is one click away.
  await nav.getByRole('link', { name: 'Datasets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Datasets' })).toBeVisible();

  await nav.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  // The old session is over: a signed-in page asks to sign in again.
  await page.goto('/project');
  await expect(page).toHaveURL(/\/login/);
});
