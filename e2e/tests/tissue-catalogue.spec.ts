import { expect, test } from '../support/test';
import { signIn } from '../support/session';
import { look } from '../support/look';

test('a tissue project manager filters donors, builds a collection for a researcher, curates it and reads a donor', async ({
  page,
}) => {
  await signIn(page, 'abn_proj_mgr@demo.test');
  await page.getByRole('link', { name: 'Tissue Catalog' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tissue Catalogue' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Catalogue donors' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await look(page, 'tissue-catalogue');

  // The terminology panel explains the columns.
  await page.getByRole('button', { name: 'Terminology' }).click();
  const glossary = page.getByRole('dialog', { name: 'Terminology' });
  await expect(glossary.getByText(/Post-mortem interval/)).toBeVisible();
  await glossary.getByRole('button', { name: 'Close' }).click();
  await expect(glossary).toHaveCount(0);

  // Filters: control donors aged 40 or less; every row shown is one.
  await page.getByRole('button', { name: 'Show/Hide Filters' }).click();
  await page.getByRole('combobox', { name: 'Diagnosis' }).click();
  await page.getByRole('option', { name: 'Control' }).click();
  await page.keyboard.press('Escape');
  const ageTo = page.getByRole('slider', { name: 'Age (years), to' });
  await ageTo.focus();
  for (let step = 0; step < 90; step += 1) await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('2 filters on')).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Control');
  const diagnoses = await table.getByRole('row').allInnerTexts();
  expect(diagnoses.slice(1).every((row) => row.includes('Control'))).toBe(true);
  await look(page, 'tissue-catalogue-filters');

  // The column chooser adds a column.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Cause of Death' }).check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('button', { name: /^Cause of Death/ })).toBeVisible();

  // Three donors into a new collection for the demo researcher.
  const checkboxes = table.getByRole('checkbox', { name: /^Select donor / });
  const chosen: string[] = [];
  for (const index of [0, 1, 2]) {
    const box = checkboxes.nth(index);
    chosen.push(((await box.getAttribute('aria-label')) ?? '').replace('Select donor ', ''));
    await box.check();
  }
  await expect(page.getByText('3 donors chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Create Collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Collection' });
  await dialog.getByRole('button', { name: 'Create Collection' }).click();
  await expect(dialog.getByText('A Collection Name is required.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Collection name' }).fill('Young controls');
  await dialog.getByRole('combobox', { name: 'Principal Investigator' }).fill('primary_researcher');
  await page.getByRole('option', { name: /primary_researcher@demo\.test/ }).click();
  await look(page, 'tissue-create-collection');
  await dialog.getByRole('button', { name: 'Create Collection' }).click();

  // Collection mode: its donors, removal, adding from the catalogue, the CSV.
  await expect(page.getByRole('heading', { level: 1, name: 'Young controls' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Donors in this collection' });
  await expect(members.getByRole('row')).toHaveCount(4);
  for (const hash of chosen) await expect(members.getByRole('link', { name: hash })).toBeVisible();
  await look(page, 'tissue-collection');
  await members.getByRole('checkbox', { name: `Select donor ${chosen[0]}` }).check();
  await page.getByRole('button', { name: 'Remove from Collection' }).click();
  await expect(page.getByText('1 donor removed.')).toBeVisible();
  await expect(members.getByRole('row')).toHaveCount(3);
  await page.getByRole('tab', { name: 'Add donors' }).click();
  const catalogue = page.getByRole('table', { name: 'Catalogue donors' });
  await catalogue.getByRole('checkbox', { name: `Select donor ${chosen[0]}` }).check();
  await page.getByRole('button', { name: 'Add to Collection' }).click();
  await expect(page.getByText('1 donor added.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Donors in this collection (3)' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Collection as CSV' }).click();
  expect((await download).suggestedFilename()).toBe('Young controls.csv');

  // A donor's page: details, sample details and the neuropathology report.
  await page.goto('/abn_donor?donor_hash=ABN-04100');
  await expect(page.getByRole('heading', { level: 1, name: 'Donor ABN-04100' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sample Details' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Tissue Catalogue' }),
  ).toBeVisible();
  await look(page, 'tissue-donor');
  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Neuropathology Report' }).click();
  expect((await report).suggestedFilename()).toBe('ABN-04100 neuropathology report.pdf');
});

test('a researcher without Autism BrainNet data access is not offered the catalogue', async ({ page }) => {
  await signIn(page, 'primary_researcher@demo.test');
  await expect(page.getByRole('link', { name: 'Tissue Catalog' })).toHaveCount(0);
  await page.goto('/tissue-catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Tissue Catalogue' })).toBeVisible();
  await expect(
    page.getByText(
      'The tissue catalogue is open to researchers whose Autism BrainNet Data Access request is approved.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply for Autism BrainNet Data Access' })).toBeVisible();
});
