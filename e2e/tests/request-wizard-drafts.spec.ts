import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn, signOut } from '../support/session';
import { look } from '../support/look';
import { sidewaysScroll } from '../support/walk/visit';
import { attach, fillResearchMatchApplication } from '../support/research-match-form';
import { pick, stepHeading, selectResource, createProject, answerUsage } from '../support/wizard';

// Long journeys through six steps, on a machine the whole team shares.
test.describe.configure({ timeout: 120_000 });

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
  await signOut(page, page.getByRole('menuitem', { name: 'Log out' }));
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
  await expect.poll(() => sidewaysScroll(page)).toBeNull();
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
