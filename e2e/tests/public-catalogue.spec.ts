import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';

test.describe.configure({ timeout: 90_000 });

test('a visitor browses the public resources, filters them and opens a dataset', async ({ page }) => {
  await page.goto('/public-resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Public Resources' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();
  expect(all).toBeGreaterThan(10);
  await expect(page.getByRole('status').filter({ hasText: `${all} datasets` })).toBeVisible();
  await expectNoAxeViolations(page);

  // Only the foundation's own datasets: curated and external ones leave the list.
  await expect(cards.filter({ hasText: 'MSSNG Whole Genomes (Curated)' })).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Simons Foundation Datasets' }).check();
  await expect(cards.filter({ hasText: 'MSSNG Whole Genomes (Curated)' })).toHaveCount(0);
  await expect(cards.first().getByText('Simons Foundation')).toBeVisible();

  // The filter dialog: imaging datasets only.
  await page.getByRole('button', { name: 'Filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter resources' });
  await dialog.getByRole('checkbox', { name: 'Imaging' }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Show results' }).click();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(cards.filter({ hasText: 'SSC Phenotype Data' })).toHaveCount(0);
  await expect(cards.filter({ hasText: 'SSC Structural MRI' })).toHaveCount(1);
  for (const text of await cards.allInnerTexts()) expect(text).toContain('Imaging');

  // Search, after clearing the filters.
  await page.getByRole('button', { name: 'Filters (1)' }).click();
  await dialog.getByRole('button', { name: 'Clear filters' }).click();
  await dialog.getByRole('button', { name: 'Show results' }).click();
  await page.getByRole('textbox', { name: 'Search resources' }).fill('SSC Pheno');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: '1 dataset' })).toBeVisible();

  // The dataset's page: facts, the sanitised description, related datasets and Apply For Access.
  await cards.getByRole('link', { name: 'SSC Phenotype Data' }).click();
  await expect(page).toHaveURL(/\/dataset\/[0-9a-f-]{36}\?isUUID=true$/);
  await expect(page.getByRole('heading', { level: 1, name: 'SSC Phenotype Data' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Public Resources' })).toHaveAttribute(
    'href',
    '/public-resources',
  );
  await expect(page.getByText('Simons Simplex Collection', { exact: true })).toBeVisible();
  await expect(page.getByText('SFARI-SSC-PHENO')).toBeVisible();
  const datasetId = /\/dataset\/([0-9a-f-]{36})/.exec(page.url())![1];
  await expect(page.getByRole('link', { name: 'Apply For Access' })).toHaveAttribute(
    'href',
    `/request/create?dataset=${datasetId}`,
  );
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'SSC Whole Genome Sequencing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SSC Whole Genome Sequencing' })).toBeVisible();

  // Applying needs an account: the visitor is sent to sign in, and brought back to the request.
  await page.getByRole('link', { name: 'Apply For Access' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Frequest%2Fcreate%3Fdataset%3D[0-9a-f-]{36}/);
});

test('a visitor reads the researchers with approved dataset requests', async ({ page }) => {
  await page.goto('/public/user/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Researchers with Approved Dataset Requests' }),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Researchers with approved dataset requests' });
  await expect(table.getByRole('button', { name: /^Name/ })).toBeVisible();
  await expect(table.getByRole('button', { name: /^Institution Name/ })).toBeVisible();
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  await expectNoAxeViolations(page);

  const name = (await firstRow.locator('td').first().innerText()).trim();
  await page.getByRole('textbox', { name: 'Search researchers' }).fill('zzzz-nobody');
  await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0);
  await expect(page.getByText('No results matching search.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await table.getByRole('cell', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/public\/user\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Approved Projects' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 4, name: 'Approved Datasets' }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});
