import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { signIn } from '../support/session';
import { apiHeaders } from '../support/requests';
import { look } from '../support/look';

// One researcher's way from data access to a tissue request, with staff between the steps.
test.describe.configure({ timeout: 300_000 });

const PROJECT = 'Synaptic development in the autistic cortex';
const RESEARCHER = 'tissue.researcher@demo.test';
const BIOSKETCH = {
  name: 'biosketch.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n% biosketch\n'),
};

/** Turns a feature toggle on or off through the API, as the superuser. */
async function setFeature(request: APIRequestContext, code: string, enabled: boolean) {
  const headers = await apiHeaders(request, 'superuser@demo.test');
  const toggles = (await (await request.get('/api/feature-toggle/?limit=100', { headers })).json())
    .results as { id: number; feature_code: string }[];
  const toggle = toggles.find((item) => item.feature_code === code)!;
  expect(
    (await request.patch(`/api/feature-toggle/${toggle.id}/`, { headers, data: { enabled } })).status(),
  ).toBe(200);
}

async function pick(page: Page, combobox: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** From the details step on: team, usage, review, submit; answers the thank-you's request link. */
async function finishWizard(page: Page): Promise<string> {
  await expect(stepHeading(page, 'Identify Research Team')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Resource usage')).toBeVisible();
  const groups = page.getByRole('radiogroup');
  for (let index = 0; index < 3; index++)
    await groups.nth(index).getByRole('radio', { name: 'Yes', exact: true }).check();
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Review')).toBeVisible();
  await look(page, 'tissue-wizard-review');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your request' })).toBeVisible();
  const link = page.getByRole('link', { name: 'View Request Status' });
  return (await link.getAttribute('href'))!;
}

/** Opens the wizard on the demo project's Resources step. */
async function startWizard(page: Page) {
  await page.goto('/request/create');
  await pick(page, 'Project', PROJECT);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Selected Resources' })).toBeVisible();
}

test('data access approved opens the Tissue Catalog; the researcher builds a collection and files a tissue request with it', async ({
  browser,
  request,
}) => {
  await setFeature(request, 'abn_epic', true);
  try {
    const researcher = await (await browser.newContext()).newPage();
    await signIn(researcher, RESEARCHER);
    await expect(researcher.getByRole('link', { name: 'Tissue Catalog' })).toHaveCount(0);

    // 1. Data Access to the network: the tissue requests wait for it.
    await startWizard(researcher);
    const tissueButton = researcher.getByRole('button', { name: 'Select Tissue Request', exact: true });
    await expect(tissueButton).toBeDisabled();
    await expect(tissueButton).toHaveAccessibleDescription(
      '* Must apply for above Data Access before requesting this resource',
    );
    await researcher.getByRole('button', { name: 'Select Autism BrainNet Data Access', exact: true }).click();
    await look(researcher, 'tissue-wizard-resources');
    await researcher
      .getByRole('complementary', { name: 'Selected Resources' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(stepHeading(researcher, 'Resource details')).toBeVisible();
    await researcher.getByRole('button', { name: 'Continue' }).click();
    await expect(researcher.getByText('Required field')).toBeVisible();
    await researcher.getByRole('checkbox', { name: 'Acknowledge' }).check();
    await researcher.getByRole('button', { name: 'Continue' }).click();
    const dataAccessUrl = await finishWizard(researcher);

    // Under review, the tissue requests say so.
    await startWizard(researcher);
    await expect(
      researcher.getByRole('button', { name: 'Select Tissue Request', exact: true }),
    ).toHaveAccessibleDescription('* You have an ABN Data Request that is currently under review');

    // 2. An administrator approves it.
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'portal_admin@demo.test');
    await admin.goto(dataAccessUrl);
    await admin.getByRole('button', { name: 'Make a Decision' }).click();
    const dialog = admin.getByRole('dialog', { name: /^Make a Decision/ });
    await dialog.getByRole('radio', { name: 'Approve (Approved)' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Skip e-mail' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText('The request is now Approved.')).toBeVisible();

    // 3. The Tissue Catalog appears; three donors become a collection.
    await researcher.goto('/');
    await researcher.getByRole('link', { name: 'Tissue Catalog' }).first().click();
    await expect(researcher.getByRole('heading', { level: 1, name: 'Tissue Catalogue' })).toBeVisible();
    await researcher.getByRole('button', { name: 'Show/Hide Filters' }).click();
    await researcher.getByRole('checkbox', { name: 'Only donors I can add to a collection' }).check();
    await researcher.getByRole('combobox', { name: 'Diagnosis' }).click();
    await researcher.getByRole('option', { name: 'ASD' }).click();
    await researcher.keyboard.press('Escape');
    const table = researcher.getByRole('table', { name: 'Catalogue donors' });
    await expect(table.getByRole('row').nth(1)).toContainText('ASD');
    for (const index of [0, 1, 2])
      await table
        .getByRole('checkbox', { name: /^Select donor / })
        .nth(index)
        .check();
    await researcher.getByRole('button', { name: 'Create Collection' }).click();
    const create = researcher.getByRole('dialog', { name: 'Create Collection' });
    await create.getByRole('textbox', { name: 'Collection name' }).fill('Cortex study');
    await create.getByRole('button', { name: 'Create Collection' }).click();
    await expect(researcher.getByRole('heading', { level: 1, name: 'Cortex study' })).toBeVisible();
    const collectionUrl = researcher.url();

    // 4. A tissue request asks for a collection.
    await startWizard(researcher);
    await researcher.getByRole('button', { name: 'Select Tissue Request', exact: true }).click();
    await researcher
      .getByRole('complementary', { name: 'Selected Resources' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(stepHeading(researcher, 'Resource details')).toBeVisible();
    await researcher.getByRole('button', { name: 'Continue' }).click();
    await expect(researcher.getByText('*Required Field', { exact: true })).toBeVisible();
    await pick(researcher, 'Collection', /^Cortex study \(3 donors\)/);
    await expect(researcher.getByText('*Required Field', { exact: true })).toBeHidden();
    // The collection's page offers its request: the wizard starts with Tissue Request and it.
    await researcher.goto(collectionUrl);
    await researcher.getByRole('link', { name: 'Request this collection' }).click();
    await pick(researcher, 'Project', PROJECT);
    await researcher.getByRole('button', { name: 'Continue' }).click();
    const selected = researcher.getByRole('complementary', { name: 'Selected Resources' });
    await expect(selected.getByRole('button', { name: 'Remove Tissue Request' })).toBeVisible();
    await selected.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(researcher, 'Resource details')).toBeVisible();
    await expect(researcher.getByRole('combobox', { name: 'Collection' })).toHaveValue(
      /^Cortex study \(3 donors\)/,
    );
    const text = (name: string | RegExp, value: string) =>
      researcher.getByRole('textbox', { name }).fill(value);
    await text('Proposal title', 'Synaptic density in the frontal cortex');
    await researcher.getByRole('textbox', { name: 'Estimated cost of the study' }).fill('25000');
    await text('Introduction', 'Why synapses matter in autism.');
    await text('Preliminary data', 'Counts in two pilot donors.');
    await text('Methodology', 'Stereology on fixed sections.');
    await text('Expected results', 'Higher density in layer 2/3.');
    await text('References', 'Hutsler and Zhang, 2010.');
    await text('Tissue needed', 'Two 1 cm blocks of frontal cortex per donor.');
    await researcher.getByRole('checkbox', { name: 'Fixed', exact: true }).check();
    await researcher
      .getByRole('radiogroup', { name: /orientation of the tissue/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await pick(researcher, 'Brain areas', 'Frontal cortex');
    await researcher.keyboard.press('Escape');
    await text('Why these brain areas', 'Where the pilot found differences.');
    await researcher
      .getByRole('radiogroup', { name: /rare genetic diagnosis/ })
      .getByRole('radio', { name: 'No' })
      .check();
    await researcher.getByRole('textbox', { name: 'ASD cases' }).fill('3');
    await researcher.getByRole('textbox', { name: 'Control cases' }).fill('0');
    await researcher
      .getByRole('radiogroup', { name: /other sources/ })
      .getByRole('radio', { name: 'No' })
      .check();
    const chooser = researcher.waitForEvent('filechooser');
    await researcher.getByRole('button', { name: /^NIH biosketch/ }).click();
    await (await chooser).setFiles(BIOSKETCH);
    await pick(researcher, 'Shipping vendor', 'FedEx');
    await text('Shipping vendor account number', '123456');
    await text('Recipient full name', 'Tessa Tissue');
    await text('Phone number', '555-0100');
    await text('Street address', '1 Lab Way');
    await text('City', 'Boston');
    await text('State / region', 'MA');
    await text('Postal code', '02115');
    await text('Country', 'USA');
    await look(researcher, 'tissue-wizard-details');
    await researcher.getByRole('button', { name: 'Continue' }).click();
    const tissueUrl = await finishWizard(researcher);

    // 5. The request page: the Inventory-cart tabs with the collection's donors.
    await researcher.goto(tissueUrl);
    await expect(researcher.getByRole('heading', { level: 1, name: 'Tissue Request' })).toBeVisible();
    await researcher.getByRole('tab', { name: 'Collection' }).click();
    await expect(researcher.getByRole('link', { name: 'Cortex study' })).toBeVisible();
    await expect(
      researcher.getByRole('table', { name: 'Donors of this request' }).getByRole('row'),
    ).toHaveCount(4);
    await look(researcher, 'tissue-request-collection');
    // On a request, the collection is not offered for another.
    await researcher.goto(collectionUrl);
    await expect(researcher.getByRole('heading', { level: 1, name: 'Cortex study' })).toBeVisible();
    await expect(researcher.getByRole('link', { name: 'Request this collection' })).toHaveCount(0);
  } finally {
    await setFeature(request, 'abn_epic', false);
  }
});
