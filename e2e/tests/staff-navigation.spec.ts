import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

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
