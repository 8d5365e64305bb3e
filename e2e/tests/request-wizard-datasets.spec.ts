import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';
import { look } from '../support/look';
import { stepHeading, selectResource, createProject, answerUsage } from '../support/wizard';

// Long journeys through six steps, on a machine the whole team shares.
test.describe.configure({ timeout: 120_000 });

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
