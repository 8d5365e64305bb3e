import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

test.describe.configure({ timeout: 120_000 });

/**
 * Flips a switch from the keyboard (as a keyboard user would; a pointer click on Mantine's hidden
 * input can land on the track mid-layout) and waits for the server to answer the change.
 */
async function flip(page: Page, toggle: ReturnType<Page['getByRole']>) {
  await expect(toggle).toBeEnabled();
  await toggle.focus();
  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/datasetaccess/') && response.request().method() !== 'GET',
  );
  await page.keyboard.press('Space');
  expect((await saved).status()).toBeLessThan(300);
}

async function openDataset(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Search datasets' }).fill(name);
  const table = page.getByRole('table', { name: 'Datasets' });
  const toggle = table.getByRole('button', { name, exact: true });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('table', { name: `Researchers of ${name}` });
}

test('an access admin revokes and grants Globus access to a dataset', async ({ page }) => {
  await signIn(page, 'access_admin@demo.test');
  await page.goto('/dataaccess');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Access' })).toBeVisible();

  const researchers = await openDataset(page, 'SPARK Phenotype Dataset');
  // The demo researcher's approved request brought Globus access; their team is listed too.
  const researcher = 'Demo Primary Researcher';
  await expect(researchers.getByRole('cell', { name: researcher, exact: true })).toBeVisible();
  await expect(
    researchers.getByRole('cell', { name: 'Demo PI and Signing Officer', exact: true }),
  ).toBeVisible();
  const globus = researchers.getByRole('switch', { name: `Globus access for ${researcher}` });
  await expect(globus).toBeChecked();
  // A channel the dataset does not offer cannot be switched on.
  await expect(researchers.getByRole('switch', { name: `GPF access for ${researcher}` })).toBeDisabled();
  await expectNoAxeViolations(page);

  // Revoke: the switch goes off and stays off after a reload.
  await flip(page, globus);
  await expect(globus).not.toBeChecked();
  await page.reload();
  let again = await openDataset(page, 'SPARK Phenotype Dataset');
  await expect(again.getByRole('switch', { name: `Globus access for ${researcher}` })).not.toBeChecked();

  // Grant it back.
  await flip(page, again.getByRole('switch', { name: `Globus access for ${researcher}` }));
  await expect(again.getByRole('switch', { name: `Globus access for ${researcher}` })).toBeChecked();
  await page.reload();
  again = await openDataset(page, 'SPARK Phenotype Dataset');
  await expect(again.getByRole('switch', { name: `Globus access for ${researcher}` })).toBeChecked();

  // A dataset nobody is associated with.
  const empty = await openDataset(page, 'ABIDE Resting-State fMRI (External)');
  await expect(empty).toHaveCount(0);
  await expect(page.getByText('No researchers associated with this dataset')).toBeVisible();
});

test('a researcher may not open the data access page', async ({ page }) => {
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/dataaccess');
  await expect(page).toHaveURL(/\/404$/);
});
