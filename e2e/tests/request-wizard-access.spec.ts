import { expect, test, type APIRequestContext } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';
import { apiHeaders } from '../support/requests';
import { look } from '../support/look';
import { pick, stepHeading, selectResource, createProject, answerUsage } from '../support/wizard';

// Long journeys through six steps, on a machine the whole team shares.
test.describe.configure({ timeout: 120_000 });

/** Puts a user on a restricted sample type's allowed users through the API, keeping the others. */
async function allowOnSampleType(request: APIRequestContext, sampleType: string, email: string) {
  const headers = await apiHeaders(request, 'portal_admin@demo.test');
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
  const headers = await apiHeaders(request, 'superuser@demo.test');
  const toggles = (await (await request.get('/api/feature-toggle/?limit=100', { headers })).json())
    .results as { id: number; feature_code: string }[];
  const toggle = toggles.find((item) => item.feature_code === code);
  expect(toggle).toBeDefined();
  const saved = await request.patch(`/api/feature-toggle/${toggle!.id}/`, { headers, data: { enabled } });
  expect(saved.status()).toBe(200);
}

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
