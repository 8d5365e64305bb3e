import { expect, test } from '../support/test';
import { signIn } from '../support/session';

// The View menu of the spec (staff §2.1), every screen of it built.
const VIEW_MENU = [
  'Compliance',
  'Data Access',
  'Datasets',
  'Institutions',
  'Projects',
  'Resource Requests',
  'Research Match Applications',
  'Research Match Review',
  'Release Notes',
  'Restricted Resources',
  'Tissue Catalogue',
  'Users',
  // After the spec's items: the administration screens it names without a place (decision 153),
  // the turnaround metrics (271), the reminders' settings (273) and the reviewers' workload (issue 33).
  'Email Log',
  'Insights',
  'Reminders',
  'Reviewer Workload',
];

test('an administrator finds the View menu of the spec and no profile menu', async ({ page }) => {
  await signIn(page, 'portal_admin@demo.test');
  await page.getByRole('button', { name: 'View menu' }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText(VIEW_MENU);
  await page.getByRole('menuitem', { name: 'Institutions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Institutions' })).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
});

test('an internal read-only user has no notification bell', async ({ page }) => {
  await signIn(page, 'internal_read_only@demo.test');
  await expect(page.getByRole('button', { name: 'View menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Notifications/ })).toHaveCount(0);
});

test('staff find an institution with the global search and open it', async ({ page }) => {
  await signIn(page, 'portal_admin@demo.test');
  await page.getByRole('combobox', { name: 'Search' }).fill('Demo Univ');
  await page.getByRole('option', { name: 'Demo University (institution)' }).click();
  await expect(page).toHaveURL(/\/institution\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo University' })).toBeVisible();
});

test('a researcher edits their profile, with the spec message for a bad Globus username', async ({
  page,
}) => {
  await signIn(page, 'primary_researcher@demo.test');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await page.getByRole('textbox', { name: 'City' }).fill('Boston');
  await page.getByRole('textbox', { name: 'Globus username' }).fill('not valid');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Not a valid Globus Id or Username')).toBeVisible();
  await page.getByRole('textbox', { name: 'Globus username' }).fill('researcher@globusid.org');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Boston');
});

test('an address with no screen answers the 404 page, never a placeholder', async ({ page }) => {
  await signIn(page, 'portal_admin@demo.test');
  await page.goto('/research-match/nothing-here');
  await expect(page.getByRole('heading', { level: 1, name: 'Looking for something?' })).toBeVisible();
  await expect(page.getByText('This page is being prepared')).toHaveCount(0);
  // The command centre's tabs of staff §2.1, each leading to a built screen.
  await page.goto('/');
  const centre = page.getByRole('region', { name: 'Command Centre' });
  await expect(centre.getByRole('tab')).toHaveText([
    'Institutions',
    'RDAs',
    'Resource Requests',
    'Research Match',
    'Autism BrainNet',
  ]);
});
