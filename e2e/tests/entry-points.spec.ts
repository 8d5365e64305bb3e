import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';
import { look } from '../support/look';

const PROJECT = 'Sleep and daytime behaviour in autistic children';

test('a researcher starts a Research Match application from the home and from the request list', async ({
  page,
}) => {
  await signIn(page, 'primary_researcher@demo.test');
  // The home's entry opens the application's own route (foundation §2), not the 404 page.
  await page.getByRole('link', { name: 'Start a Research Match application' }).click();
  await expect(page).toHaveURL(/\/research-match\/create(#|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resource Request' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: PROJECT, exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Research Match is chosen already: no search through the picker, no confirmation to answer.
  const selected = page.getByRole('complementary', { name: 'Selected Resources' });
  await expect(selected.getByRole('button', { name: 'Remove Research Match' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await selected.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Resource details', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Lay title' })).toBeVisible();
  await look(page, 'research-match-create');
  await expectNoAxeViolations(page);

  // The request list offers the same entry.
  await page.goto('/request');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await page.getByRole('link', { name: 'Start a Research Match application' }).click();
  await expect(page).toHaveURL(/\/research-match\/create(#|$)/);
  await expect(page.getByRole('combobox', { name: 'Project' })).toBeVisible();
});
