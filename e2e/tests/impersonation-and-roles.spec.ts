import { expect, test, type Page } from '../support/test';
import { signIn } from '../support/session';

/** Counts the page's API calls and keeps those refused with 403. */
function watchApi(page: Page) {
  const seen = { calls: 0, refused: [] as string[] };
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    seen.calls += 1;
    if (response.status() === 403) seen.refused.push(`${response.request().method()} ${response.url()}`);
  });
  return seen;
}

/** The researcher's home in their own session: their requests and projects, with nothing refused. */
async function expectResearcherHome(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Requests' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Your recent requests' }).getByRole('row').nth(1),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Projects' })).toBeVisible();
  await expect(page.getByText('Not available while acting as this user')).toHaveCount(0);
}

test('a superuser acts as a researcher, sees their home with their data, and exits back (issue 30.2)', async ({
  page,
}) => {
  await signIn(page, 'superuser@demo.test');
  await expect(page.getByRole('heading', { name: 'Service health' })).toBeVisible();
  await expect(page.getByRole('row', { name: /GLOBUS/ })).toContainText('not configured');
  // Superusers list no requests (decision 332): neither the View menu nor the home offers them.
  await page.getByRole('button', { name: 'View menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Resource Requests' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const api = watchApi(page);
  await page.getByRole('textbox', { name: "User's email" }).fill('primary_researcher@demo.test');
  await page.getByRole('button', { name: 'Impersonate' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'You are acting as' });
  await expect(banner).toContainText('primary_researcher@demo.test');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }),
  ).toBeVisible();
  // Exactly the researcher's screens with their data (decision 330), and no request storm.
  await expectResearcherHome(page);
  await page.waitForLoadState('networkidle');
  const settled = api.calls;
  await page.waitForTimeout(5_000);
  expect(api.calls - settled).toBeLessThanOrEqual(2);
  expect(api.refused).toEqual([]);

  await banner.getByRole('button', { name: 'EXIT' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Service health' })).toBeVisible();
  expect(api.refused).toEqual([]);
});

test('an administrator acts as a user from the user page, and may from the account menu (issue 30.2)', async ({
  page,
}) => {
  await signIn(page, 'portal_admin@demo.test');
  // Foundation §6: administrators act as another user by e-mail, from the account menu.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Act as a user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Act as a user' });
  await expect(dialog.getByRole('textbox', { name: "User's email" })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'View menu' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByRole('textbox', { name: 'Search users' }).fill('primary_researcher@demo.test');
  const rows = page.getByRole('table', { name: 'Users' }).getByRole('row');
  await rows.filter({ hasText: 'primary_researcher@demo.test' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/user\/\d+$/);
  const api = watchApi(page);
  await page.getByRole('button', { name: 'Act as this user' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'You are acting as' });
  await expect(banner).toContainText('primary_researcher@demo.test');
  await expectResearcherHome(page);
  expect(api.refused).toEqual([]);

  await banner.getByRole('button', { name: 'EXIT' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  // Back in their own session, the administrator's account menu offers it again.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Act as a user' })).toBeVisible();
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
