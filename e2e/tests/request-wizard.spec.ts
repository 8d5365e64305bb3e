import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO_PASSWORD, signIn } from '../support/session';
import { look } from '../support/look';
import { attach, fillResearchMatchApplication } from '../support/research-match-form';

// Long journeys through six steps, on a machine the whole team shares.
test.describe.configure({ timeout: 120_000 });

async function pick(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

async function selectResource(page: Page, name: string) {
  await page.getByRole('button', { name: `Select ${name}`, exact: true }).click();
}

async function createProject(page: Page, title: string) {
  await pick(page, 'Project', 'Create project');
  await page.getByRole('textbox', { name: 'Project title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Abstract' })
    .fill('How sleep patterns relate to sensory processing.');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Create Project' }).click();
  // A new project is unlocked: the wizard edits it in place.
  await expect(page.getByRole('heading', { level: 3, name: 'Edit Project' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Project title' })).toHaveValue(title);
}

async function answerUsage(page: Page) {
  await expect(stepHeading(page, 'Resource usage')).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  const groups = page.getByRole('radiogroup');
  for (let index = 0; index < 3; index++)
    await groups.nth(index).getByRole('radio', { name: 'Yes', exact: true }).check();
  await expect(continueButton).toBeDisabled();
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(continueButton).toBeEnabled();
  await continueButton.click();
}

/** Puts a user on a restricted sample type's allowed users through the API, keeping the others. */
async function allowOnSampleType(request: APIRequestContext, sampleType: string, email: string) {
  const login = await request.post('/api/api-token-auth/', {
    data: { email: 'portal_admin@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `JWT ${(await login.json()).token}` };
  const found = await request.get(`/api/sample-type/?name=${encodeURIComponent(sampleType)}`, { headers });
  const [type] = (await found.json()).results as { id: number; allowed_users: string[] }[];
  expect(type).toBeDefined();
  const allowed = [...new Set([...type!.allowed_users, email])];
  const saved = await request.patch(`/api/sample-type/${type!.id}/`, {
    headers,
    data: { allowed_users: allowed },
  });
  expect(saved.status()).toBe(200);
}

/** Turns a feature toggle on or off through the API, as the superuser. */
async function setFeature(request: APIRequestContext, code: string, enabled: boolean) {
  const login = await request.post('/api/api-token-auth/', {
    data: { email: 'superuser@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `JWT ${(await login.json()).token}` };
  const toggles = (await (await request.get('/api/feature-toggle/?limit=100', { headers })).json())
    .results as { id: number; feature_code: string }[];
  const toggle = toggles.find((item) => item.feature_code === code);
  expect(toggle).toBeDefined();
  const saved = await request.patch(`/api/feature-toggle/${toggle!.id}/`, { headers, data: { enabled } });
  expect(saved.status()).toBe(200);
}

test('a researcher requests two datasets, one through Globus, from a new project', async ({ page }) => {
  const title = `Sleep and sensory processing ${Date.now()}`;
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/request/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Resource Request' })).toBeVisible();
  await expect(page).toHaveURL(/#project_request_0$/);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await createProject(page, title);
  // The unlocked project is edited in place and saved (PATCH project) on Continue.
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Project title' }).fill(`${title} (revised)`);
  await expect(page.getByText('Your changes to the project are saved when you continue.')).toBeVisible();
  await look(page, '1-project');
  await expectNoAxeViolations(page);
  const saved = page.waitForResponse(
    (response) =>
      /\/api\/project\/\d+\/?(\?.*)?$/.test(response.url()) && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  expect((await saved).status()).toBe(200);

  // Resources: the picker, its cart, search, More Info.
  await expect(page).toHaveURL(/#project_request_1$/);
  await expect(page.getByRole('heading', { level: 3, name: 'Selected Resources' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  // A restricted dataset the researcher is not an allowed user of is disabled, with the reason.
  await expect(page.getByRole('button', { name: 'Select SPARK Whole Genome Sequencing' })).toBeDisabled();
  await expect(
    page.getByRole('button', { name: 'Select SPARK Whole Genome Sequencing' }),
  ).toHaveAccessibleDescription('* This resource is restricted; you are not on its list of allowed users.');
  // ABN resources need the abn_epic flag (off in the demo).
  await expect(page.getByRole('button', { name: 'Select ABN Donor Clinical Data' })).toHaveCount(0);
  // The index marks the section in view, and a jump moves it (and the focus) to the chosen one.
  const index = page.getByRole('navigation', { name: 'Resource index' });
  await expect(index.getByRole('link', { name: 'Phenotype Data' })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await index.getByRole('link', { name: 'Biospecimen' }).click();
  await expect(index.getByRole('link', { name: 'Biospecimen' })).toHaveAttribute('aria-current', 'location');
  await expect(index.getByRole('link', { name: 'Phenotype Data' })).not.toHaveAttribute('aria-current');
  await expect(page.getByRole('region', { name: 'Biospecimen' })).toBeFocused();
  await look(page, '2-resources-index');
  // Scrolling back to the top brings the first section back into the index (after the 1 s pause).
  await page.waitForTimeout(1100);
  await page.mouse.wheel(0, -10_000);
  await expect(index.getByRole('link', { name: 'Phenotype Data' })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await page.getByRole('button', { name: 'More Info about SSC Phenotype Data' }).click();
  await expect(page.getByText('Accession ID: SFARI-SSC-PHENO')).toBeVisible();
  await page.getByRole('button', { name: 'Less Info about SSC Phenotype Data' }).click();
  await expect(page.getByText('Accession ID: SFARI-SSC-PHENO')).toBeHidden();
  // The demo researcher is approved for the SPARK phenotype dataset already.
  await expect(page.getByRole('button', { name: 'Select SPARK Phenotype Dataset' })).toBeDisabled();
  await page.getByPlaceholder('Search by resource name or cohort').fill('ssc');
  await expect(page.getByRole('button', { name: 'Select SPARK Whole Genome Sequencing' })).toBeHidden();
  await selectResource(page, 'SSC Phenotype Data');
  await selectResource(page, 'SSC Genotyping Arrays');
  const cart = page.getByRole('complementary', { name: 'Selected Resources' });
  await expect(cart.getByText('SSC Phenotype Data')).toBeVisible();
  await expect(cart.getByText('SSC Genotyping Arrays')).toBeVisible();
  await look(page, '2-resources');
  await expectNoAxeViolations(page);
  await cart.getByRole('button', { name: 'Continue' }).click();

  // Details: the security statements and the Globus username for a download.
  await expect(stepHeading(page, 'Resource details')).toBeVisible();
  await expect(page.getByText('SSC Phenotype Data + 1 more')).toBeVisible();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('checkbox', { name: /I agree to follow the NIH Genomic Data Sharing Policy/ }).check();
  await page.getByRole('checkbox', { name: /I will keep the data on secured systems/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Required field')).toBeVisible();
  await look(page, '3-details-errors');
  await page.getByRole('textbox', { name: 'Globus username' }).fill('researcher@globusid.org');
  await expect(page.getByText('Required field')).toBeHidden();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Team: the PI row is fixed.
  await expect(stepHeading(page, 'Identify Research Team')).toBeVisible();
  await expect(page.getByRole('switch').first()).toBeDisabled();
  await look(page, '4-team');
  await expectNoAxeViolations(page);
  // One new member: Continue waits for a valid row, then saves the member to the project's team.
  const newcomer = `newcomer-${Date.now()}@demo.test`;
  await page.getByRole('button', { name: 'Add team member' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByLabel('First name, new member 1').fill('Nina');
  await page.getByLabel('Last name, new member 1').fill('Newcomer');
  await page.getByLabel('Email, new member 1').fill('nina@');
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByLabel('Email, new member 1').fill(newcomer);
  await page.getByRole('combobox', { name: 'Role, new member 1' }).click();
  await page.getByRole('option', { name: 'Collaborator' }).click();
  // The institution picker offers the PI's institution first.
  await page.getByRole('combobox', { name: 'Institution, new member 1' }).click();
  await expect(page.getByText('Your institution', { exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Institution is not listed' })).toBeVisible();
  await look(page, '4-team-institution');
  await page.getByRole('option', { name: 'Demo University' }).click();
  await expect(page.getByRole('combobox', { name: 'Institution, new member 1' })).toHaveValue(
    'Demo University',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await answerUsage(page);

  // Review, then Submit.
  await expect(stepHeading(page, 'Review')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Principal Investigator & Project' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Resource(s)' }).getByText('SSC Genotyping Arrays'),
  ).toBeVisible();
  await expect(page.getByText(`Nina Newcomer (${newcomer}), Collaborator`)).toContainText(
    'access once they register a portal account',
  );
  await expect(page.getByRole('region', { name: 'Principal Investigator & Project' })).toContainText(
    `${title} (revised)`,
  );
  await look(page, '6-review');
  await expectNoAxeViolations(page);
  // An Edit link goes back; the furthest step reached is still open.
  await page.getByRole('button', { name: 'Edit Research Team' }).click();
  await expect(page).toHaveURL(/#project_request_3$/);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(stepHeading(page, 'Review')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your request' })).toBeVisible();
  await expect(page.getByText('primary_researcher@demo.test')).toBeVisible();
  await look(page, '7-thank-you');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'View Request Status' }).click();
  await expect(page).toHaveURL(/\/request\/\d+$/);
});

test('a step cannot be entered before the earlier ones have output', async ({ page }) => {
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/request/create#project_request_3');
  await expect(page.getByRole('heading', { level: 1, name: 'Resource Request' })).toBeVisible();
  await expect(page).toHaveURL(/#project_request_0$/);
  await expect(stepHeading(page, 'Project')).toBeVisible();
});

test("a dataset's Request Access opens the wizard with the dataset chosen", async ({ page }) => {
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/dataset');
  await page.getByRole('link', { name: 'SSC Structural MRI' }).first().click();
  await page.getByRole('link', { name: 'Request Access' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resource Request' })).toBeVisible();
  await expect(page).toHaveURL(/[?]dataset=.*#project_request_0$/);
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option').nth(1).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const cart = page.getByRole('complementary', { name: 'Selected Resources' });
  await expect(cart.getByText('SSC Structural MRI')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove SSC Structural MRI' }).first()).toBeVisible();
});

test('mixing a dataset and a biospecimen is refused unless the new selection replaces the old', async ({
  page,
}) => {
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/request/create');
  await createProject(page, `Mixing check ${Date.now()}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await selectResource(page, 'SSC Phenotype Data');
  await selectResource(page, 'Plasma');
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('A dataset cannot be combined with a sample type or Research Match.'),
  ).toBeVisible();
  await look(page, '2-mixing');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const cart = page.getByRole('complementary', { name: 'Selected Resources' });
  await expect(cart.getByText('SSC Phenotype Data')).toBeVisible();
  await expect(cart.getByText('Plasma')).toBeHidden();

  await selectResource(page, 'Plasma');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(cart.getByText('Plasma')).toBeVisible();
  await expect(cart.getByText('SSC Phenotype Data')).toBeHidden();
});

test('a researcher requests iPSC samples, fixes an invalid id and submits', async ({ page, request }) => {
  // iPSC is a restricted biospecimen: the researcher must be on its allowed users (the admin's
  // screen for that has its own journey; other journeys may already have added them).
  await allowOnSampleType(request, 'iPSC', 'primary_researcher@demo.test');

  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/request/create');
  await createProject(page, `iPSC lines ${Date.now()}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .locator('label')
    .filter({ hasText: /^Cohort$/ })
    .click();
  await expect(
    page.getByRole('navigation', { name: 'Resource index' }).getByRole('link', { name: 'SSC', exact: true }),
  ).toBeVisible();
  await selectResource(page, 'iPSC');
  await page
    .getByRole('complementary', { name: 'Selected Resources' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(stepHeading(page, 'Resource details')).toBeVisible();

  // No ids yet: the required banner.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('* Required field', { exact: true })).toBeVisible();

  const ids = page.getByRole('combobox', { name: 'Sample IDs' });
  await ids.click();
  // 11000-p1 is a plasma sample: not an iPSC id.
  await ids.pressSequentially('11000-i1, 11000-p1,');
  await page
    .getByRole('textbox', { name: 'How will the samples be used?' })
    .fill('Differentiation into cortical neurons.');
  await page.getByRole('textbox', { name: /experience culturing iPSCs/ }).fill('Ten years of iPSC culture.');
  await page
    .getByRole('radiogroup', { name: /Will you modify the iPSCs/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('checkbox', { name: 'Sequencing', exact: true }).check();
  await page
    .getByRole('radiogroup', { name: /remaining biospecimens be destroyed/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await expect(page.getByRole('textbox', { name: 'Recipient e-mail' })).toHaveValue(
    'primary_researcher@demo.test',
  );
  await page.getByRole('textbox', { name: 'Position / title' }).fill('Professor');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('555-0100');
  await page.getByRole('textbox', { name: 'Street address' }).fill('1 Lab Way');
  await page.getByRole('textbox', { name: 'City' }).fill('Boston');
  await page.getByRole('textbox', { name: 'State / region' }).fill('MA');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('02115');
  await page.getByRole('textbox', { name: 'Country' }).fill('USA');
  await pick(page, 'Shipping vendor', 'FedEx');
  await page.getByRole('textbox', { name: 'Shipping vendor account number' }).fill('123456');
  await page.getByRole('button', { name: 'Continue' }).click();

  // The plasma id fails validation.
  await expect(page.getByText('* Save Failed.  Please fix the ids below and try again')).toBeVisible();
  await expect(page.getByText('* Please fix the ids below!!')).toBeVisible();
  const table = page.getByRole('table', { name: 'Sample availability' });
  await expect(table.getByRole('row', { name: /11000-p1 Invalid Id/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /11000-i1 Available/ })).toBeVisible();
  // Focus is on the id to fix; the legend says which states block.
  await expect(table.getByText('11000-p1', { exact: true })).toBeFocused();
  await expect(
    page.getByRole('region', { name: 'Sample status legend' }).getByText(/Block the request/),
  ).toBeVisible();
  await look(page, '3-samples-invalid');
  await expectNoAxeViolations(page);

  // Remove it and continue.
  await ids.click();
  await ids.press('Backspace');
  await expect(table.getByRole('row', { name: /11000-p1/ })).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Identify Research Team')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await answerUsage(page);
  await expect(page.getByRole('region', { name: 'Resource(s)' }).getByText(/iPSC/)).toBeVisible();
  await look(page, '6-ipsc-review');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your request' })).toBeVisible();
});

test('an admin files a dataset request for a PI, without the usage step', async ({ page }) => {
  await signIn(page, 'portal_admin@demo.test');
  await page.goto('/request/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Resource Request' })).toBeVisible();
  await expect(page.getByText('Resource usage')).toBeHidden();
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option').nth(1).click();
  // Administrators edit any project in place, locked ones too.
  const projectTitle = await page.getByRole('textbox', { name: 'Project title' }).inputValue();
  await expect(page.getByText(/Principal Investigator:/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await selectResource(page, 'Simons Searchlight Phenotype Data');
  await page
    .getByRole('complementary', { name: 'Selected Resources' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('checkbox', { name: /I agree to follow the NIH Genomic Data Sharing Policy/ }).check();
  await page.getByRole('checkbox', { name: /I will keep the data on secured systems/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Review')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Principal Investigator & Project' })).toContainText(
    projectTitle!,
  );
  await look(page, 'admin-review');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your request' })).toBeVisible();
  await expect(page.getByText('portal_admin@demo.test')).toBeVisible();
});

test('a locked project is read-only, and unsaved new team rows go when the project changes', async ({
  page,
}) => {
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/request/create');
  // The demo project with a submitted request is locked.
  await pick(page, 'Project', 'Sleep and daytime behaviour in autistic children');
  await expect(page.getByText('This project is locked and shown read-only.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Project title' })).toHaveCount(0);
  await look(page, '1-project-locked');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await selectResource(page, 'AIC Phenotype Data');
  await page
    .getByRole('complementary', { name: 'Selected Resources' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('checkbox', { name: /I agree to follow the NIH Genomic Data Sharing Policy/ }).check();
  await page.getByRole('checkbox', { name: /I will keep the data on secured systems/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The team: a member without a portal account gets access once they register.
  await expect(page.getByRole('switch', { name: 'Access for Grace Collaborator' })).toBeChecked();
  await expect(
    page.getByRole('switch', { name: 'Access for Grace Collaborator' }),
  ).toHaveAccessibleDescription('No portal account yet: access once they register');
  await page.getByRole('button', { name: 'Add team member' }).click();
  await page.getByLabel('First name, new member 1').fill('Unsaved');
  await expect(page.getByText('Complete or remove the new rows to continue.')).toBeVisible();
  await look(page, '4-team-pending-member');
  await expectNoAxeViolations(page);

  // Another project: the typed row belonged to the old project's team.
  await page.getByRole('button', { name: /^Project/ }).click();
  await pick(page, 'Project', 'Rare genetic variants and language development');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#project_request_1$/);
  await page.getByRole('button', { name: /Research team/ }).click();
  await expect(page).toHaveURL(/#project_request_3$/);
  await expect(page.getByLabel('First name, new member 1')).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Access for Grace Collaborator' })).toHaveCount(0);
});

test('with abn_epic on, ABN resources are offered but wait for approved ABN data access', async ({
  page,
  request,
}) => {
  await setFeature(request, 'abn_epic', true);
  try {
    await signIn(page, 'primary_researcher@demo.test');
    await page.goto('/request/create');
    await pick(page, 'Project', 'Rare genetic variants and language development');
    await page.getByRole('button', { name: 'Continue' }).click();
    const abn = page.getByRole('button', { name: 'Select ABN Donor Clinical Data' });
    await expect(abn).toBeDisabled();
    await expect(abn).toHaveAccessibleDescription(
      '* Must apply for above Data Access before requesting this resource',
    );
    await abn.scrollIntoViewIfNeeded();
    await look(page, '2-resources-abn');
    await expectNoAxeViolations(page);
  } finally {
    await setFeature(request, 'abn_epic', false);
  }
});

test('a researcher saves a draft, leaves, comes back, continues it and submits it', async ({ page }) => {
  const title = `Draft on sleep and sensory processing ${Date.now()}`;
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/request/create');
  await createProject(page, title);
  await page.getByRole('button', { name: 'Continue' }).click();
  await selectResource(page, 'Simons Searchlight Phenotype Data');
  await page
    .getByRole('complementary', { name: 'Selected Resources' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('checkbox', { name: /I agree to follow the NIH Genomic Data Sharing Policy/ }).check();
  await page.getByRole('checkbox', { name: /I will keep the data on secured systems/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Identify Research Team')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await answerUsage(page);
  await expect(stepHeading(page, 'Review')).toBeVisible();

  // Save Draft keeps it as Created and opens its page.
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/request\/\d+$/);
  const requestPath = new URL(page.url()).pathname;
  await expect(page.getByText('Created', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/This request is a draft: it has not been submitted\./)).toBeVisible();

  // Reload, leave, sign out and back in, then come back to the request's page.
  await page.reload();
  await expect(page.getByText(/This request is a draft: it has not been submitted\./)).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto(requestPath);
  await page.getByRole('link', { name: 'Continue Request' }).click();
  await expect(page).toHaveURL(/\/request\/create\?request=\d+/);
  await expect(page.getByText(/^Continue your draft request /)).toBeVisible();

  // Every saved answer is there (issue 30 item 6): the details step continues as it was left...
  await expect(stepHeading(page, 'Resource details')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: /I agree to follow the NIH Genomic Data Sharing Policy/ }),
  ).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /I will keep the data on secured systems/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Identify Research Team')).toBeVisible();
  // ...the team step fits a phone without scrolling the page sideways (issue 30 item 8)...
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize(desktop);
  await page.getByRole('button', { name: 'Continue' }).click();
  // ...and the usage answers and the terms box come back as they were saved.
  await expect(stepHeading(page, 'Resource usage')).toBeVisible();
  const groups = page.getByRole('radiogroup');
  for (let index = 0; index < 3; index++)
    await expect(groups.nth(index).getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('region', { name: 'Resource Usage' })).toContainText(
    'Agreed to the terms: Yes',
  );
  await expect(page.getByRole('region', { name: 'Principal Investigator & Project' })).toContainText(title);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your request' })).toBeVisible();
  await page.getByRole('link', { name: 'View Request Status' }).click();
  await expect(page).toHaveURL(new RegExp(`${requestPath}$`));
  await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Request' })).toHaveCount(0);
});

test('documents chosen in the wizard are named on Review; staff open the PDF and download it', async ({
  page,
  browser,
}) => {
  // A Research Match application: the form with the most documents (researcher §3).
  await signIn(page, 'recontact.researcher@demo.test');
  await page.goto('/request/create');
  await pick(page, 'Project', 'Family routines and wellbeing in autism');
  await page.getByRole('button', { name: 'Continue' }).click();
  await selectResource(page, 'Research Match');
  await page
    .getByRole('dialog', { name: 'Research Match' })
    .getByRole('button', { name: 'Confirm Selection' })
    .click();
  await page
    .getByRole('complementary', { name: 'Selected Resources' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(stepHeading(page, 'Resource details')).toBeVisible();
  await fillResearchMatchApplication(page, `Documents journey ${Date.now()}`);
  await attach(page, 'Proposal summary', 'Proposal summary.pdf');
  await attach(page, 'IRB protocol', 'IRB protocol.pdf');
  await attach(page, 'Consent forms', 'Consent form.pdf');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Identify Research Team')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Review names every chosen file (issue 30 item 4: these lines were blank).
  await expect(stepHeading(page, 'Review')).toBeVisible();
  const details = page.getByRole('region', { name: 'Resource Details' });
  await expect(details.getByRole('listitem').filter({ hasText: 'Proposal summary:' })).toHaveText(
    'Proposal summary: Proposal summary.pdf',
  );
  await expect(details.getByRole('listitem').filter({ hasText: 'IRB protocol:' })).toHaveText(
    'IRB protocol: IRB protocol.pdf',
  );
  await expect(details.getByRole('listitem').filter({ hasText: 'Consent forms:' })).toHaveText(
    'Consent forms: Consent form.pdf',
  );
  const filed = page.waitForResponse(
    (response) => /\/api\/request\/(\?.*)?$/.test(response.url()) && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const { id } = (await (await filed).json()) as { id: number };
  await expect(page.getByRole('heading', { name: 'Thank you for your request' })).toBeVisible();

  // Staff read each document by name on the request page, open the PDF in a new window and download it.
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signIn(staff, 'portal_admin@demo.test');
  await staff.goto(`/request/${id}`);
  await staff.getByRole('tab', { name: /^Request Details/ }).click();
  await expect(staff.getByText('document(s) uploaded')).toHaveCount(0);
  for (const name of ['Proposal summary.pdf', 'IRB protocol.pdf', 'Consent form.pdf'])
    await expect(staff.getByRole('button', { name: `${name} (opens in a new window)` })).toBeVisible();
  const shown = context.waitForEvent('response', (response) => response.url().includes('/api/file/signed/'));
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    staff.getByRole('button', { name: 'Proposal summary.pdf (opens in a new window)' }).click(),
  ]);
  const pdf = await shown;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toBe('inline; filename="Proposal summary.pdf"');
  expect(pdf.frame().page()).toBe(opened);
  // The new window does not reach back into the portal's page.
  expect(await opened.evaluate(() => window.opener)).toBeNull();
  await opened.close();
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('button', { name: 'Download IRB protocol.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('IRB protocol.pdf');
  await look(staff, 'request-documents');
  await expectNoAxeViolations(staff);
  await context.close();
});
