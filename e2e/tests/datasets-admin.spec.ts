import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

/** The smallest valid zip archive: an empty one (its end-of-central-directory record). */
const DATA_ZIP = {
  name: 'autism-cohort-2025.zip',
  mimeType: 'application/zip',
  buffer: Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]),
};

const DICTIONARY_PDF = {
  name: 'data-dictionary.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
};

async function pick(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openFromList(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Search datasets' }).fill(name);
  const table = page.getByRole('table', { name: 'Datasets' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  return table;
}

test.describe.configure({ timeout: 150_000 });

test('an admin creates a dataset with a data file, edits its details and makes a new version', async ({
  page,
}) => {
  const name = `Autism Cohort Phenotypes ${Date.now()}`;
  await signIn(page, 'portal_admin@demo.test');
  await page.goto('/dataset');
  await expect(page.getByRole('heading', { level: 1, name: 'Datasets' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Datasets' }).getByRole('columnheader', { name: 'UUID' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'New Dataset' }).click();
  await expect(page).toHaveURL(/\/dataset\/create\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Dataset' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing filled in: the spec's messages.
  await page.getByRole('button', { name: 'Create Dataset' }).click();
  await expect(
    page.getByText('Data File, Globus Location, or Data Access (S3 Location) are required'),
  ).toBeVisible();
  await expect(page.getByText('Required field', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Required field').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await pick(page, 'Cohort', 'SPARK');
  await pick(page, 'Type', 'Phenotype');
  await pick(page, 'Origin', 'Curated');
  const releaseDate = page.getByRole('textbox', { name: 'Release date' });
  await releaseDate.fill('03/15/2025');
  await releaseDate.press('Tab');
  await page.getByRole('textbox', { name: 'Accession id' }).fill('RRP-ACP-1');
  await page.getByRole('textbox', { name: 'Families' }).fill('120');
  await page.getByRole('tab', { name: 'HTML' }).click();
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('<p>Parent-reported <strong>phenotypes</strong>.</p><script>alert(1)</script>');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByText('phenotypes', { exact: true })).toBeVisible();

  // A Globus group id that is not a UUID.
  await page.getByRole('textbox', { name: 'Globus group id' }).fill('sfari-group');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Data file' }).click();
  await (await chooser).setFiles(DATA_ZIP);
  await page.getByRole('button', { name: 'Create Dataset' }).click();
  await expect(page.getByText('Not a valid UUID')).toBeVisible();
  await page.getByRole('textbox', { name: 'Globus group id' }).fill('');

  await page.getByRole('button', { name: 'Create Dataset' }).click();
  await expect(page).toHaveURL(/\/dataset\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Datasets' })).toBeVisible();

  // Found in the list; it opens by its UUID.
  let table = await openFromList(page, name);
  await expect(table.getByText('v1', { exact: true })).toBeVisible();
  await table.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/dataset\/[0-9a-f-]{36}\?isUUID=true$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Parent-reported')).toBeVisible();
  await expect(page.getByText('alert(1)')).toHaveCount(0);
  await expect(page.getByText('RRP-ACP-1')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Version history' })).toContainText('v1');
  await expectNoAxeViolations(page);

  // Edit details: a new name and a data dictionary.
  await page.getByRole('button', { name: 'Edit Details' }).click();
  await expect(page).toHaveURL(/mode=edit_details/);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByText(`Current file: ${DATA_ZIP.name}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} (revised)`);
  await page.getByRole('textbox', { name: 'Families' }).fill('125');
  const dictionaryChooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Data dictionary' }).click();
  await (await dictionaryChooser).setFiles(DICTIONARY_PDF);
  await page.getByRole('button', { name: 'Save Details' }).click();
  await expect(page).toHaveURL(/\/dataset\/?$/);

  table = await openFromList(page, `${name} (revised)`);
  await table.getByRole('link', { name: `${name} (revised)`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} (revised)` })).toBeVisible();
  await expect(page.getByText('125', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Data Dictionary' })).toBeVisible();

  // A new version, after the confirmation; replacing the dictionary warns that it overrides.
  await page.getByRole('button', { name: 'New Version' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `New Version of ${name} (revised)` }),
  ).toBeVisible();
  const replacement = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Data dictionary' }).click();
  await (await replacement).setFiles({ ...DICTIONARY_PDF, name: 'data-dictionary-v2.pdf' });
  await expect(
    page.getByText(
      /data-dictionary-v2\.pdf will override the previous data dictionary \(data-dictionary\.pdf\)/,
    ),
  ).toBeVisible();
  await releaseDate.fill('06/30/2025');
  await releaseDate.press('Tab');
  await page.getByRole('textbox', { name: 'Change notes' }).fill('Adds the spring 2025 questionnaires.');
  await page.getByRole('button', { name: 'Create New Version' }).click();
  const confirm = page.getByRole('dialog', { name: 'Create a new version?' });
  await expect(confirm.getByText(/This creates version 2 of/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Create Version' }).click();
  await expect(page).toHaveURL(/\/dataset\/?$/);

  table = await openFromList(page, `${name} (revised)`);
  await expect(table.getByText('v2 of 2')).toBeVisible();
  await table.getByRole('link', { name: `${name} (revised)`, exact: true }).click();
  const history = page.getByRole('table', { name: 'Version history' });
  await expect(history.getByText('v2 (shown)')).toBeVisible();
  await expect(history.getByText('Adds the spring 2025 questionnaires.')).toBeVisible();
  await expect(history.getByRole('cell', { name: 'Jun 30, 2025' })).toBeVisible();

  // The first version is read-only and points to the latest.
  await history.getByRole('link', { name: 'v1' }).click();
  await expect(page.getByText('A newer version of this dataset exists.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Details' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open the latest version' }).click();
  await expect(page.getByRole('button', { name: 'New Version' })).toBeVisible();
});

test('researchers see no dataset form and no admin icons', async ({ page }) => {
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/dataset');
  await expect(page.getByRole('heading', { level: 1, name: 'Datasets' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Dataset' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Availability' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Datasets' }).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
  await page.goto('/dataset/create/');
  await expect(page).toHaveURL(/\/404$/);
});

test('an admin lets a researcher request a restricted biospecimen', async ({ page }) => {
  await signIn(page, 'portal_admin@demo.test');
  await page.goto('/restricted_resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Restricted Resources' })).toBeVisible();
  const biospecimens = page.getByRole('table', { name: 'Biospecimens' });
  await biospecimens.getByRole('button', { name: 'iPSC', exact: true }).click();
  const editor = page.getByRole('combobox', { name: 'Allowed users of iPSC' });
  await expect(editor).toBeVisible();
  await expectNoAxeViolations(page);
  // Other journeys may have allowed researchers already (they share the lane's server): count them.
  const alreadyAllowed = await page.locator('.mantine-TagsInput-pill').count();
  const allowedText = (count: number) => (count === 1 ? '1 allowed user' : `${count} allowed users`);

  // One bad address refuses the list; a good one is saved and kept.
  await editor.fill('not-an-email');
  await editor.press('Enter');
  await page.getByRole('button', { name: 'Submit Access Changes' }).click();
  await expect(page.getByText('These are not valid e-mail addresses: not-an-email')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('not-an-email')).toHaveCount(0);
  await editor.fill('coinvestigator@demo.test');
  await editor.press('Enter');
  await page.getByRole('button', { name: 'Submit Access Changes' }).click();
  await expect(page.getByText('Access changes saved')).toBeVisible();

  await page.reload();
  await page
    .getByRole('table', { name: 'Biospecimens' })
    .getByRole('button', { name: 'iPSC', exact: true })
    .click();
  await expect(page.getByText('coinvestigator@demo.test')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Biospecimens' })).toContainText(
    allowedText(alreadyAllowed + 1),
  );
});
