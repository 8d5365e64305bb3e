import { expect, test, type Browser } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

// Several screens and two people on a machine the whole team shares.
test.describe.configure({ timeout: 120_000 });

async function personPage(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

const DAY = 86_400_000;
/** The day `days` from now as the screens write dates ('Nov 24, 2026'). */
const usDay = (days: number) =>
  new Date(Date.now() + days * DAY).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

test('a researcher renews a request near expiry from the Project Updates Dashboard; the admin sees the renewal', async ({
  browser,
}) => {
  const researcher = await personPage(browser, 'primary_researcher@demo.test');

  // The dashboard: the demo LCL request expires in 45 days; the demo project's IRB is due soon.
  await researcher.getByRole('link', { name: 'Project Updates Dashboard' }).first().click();
  await expect(
    researcher.getByRole('heading', { level: 1, name: 'Project Updates Dashboard' }),
  ).toBeVisible();
  const expiring = researcher.getByRole('table', { name: 'Requests expiring in the next six months' });
  const row = expiring.getByRole('row').filter({ hasText: 'LCL' });
  await expect(row).toContainText(/Expires in 4[45] days/);
  await expect(row).toContainText('Fulfilled');
  const irbs = researcher.getByRole('table', { name: 'IRBs expiring in the next 60 days' });
  await expect(irbs.getByRole('link', { name: /^Update IRB of P\d+/ }).first()).toBeVisible();
  await expectNoAxeViolations(researcher);

  // Renew: procedural notes first, under the breadcrumbs Request / {id} / Request Renewal.
  await row.getByRole('link', { name: /^Renew R\d+/ }).click();
  await expect(researcher.getByRole('heading', { level: 1, name: 'Request Renewal' })).toBeVisible();
  const crumbs = researcher.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Request', exact: true })).toHaveAttribute(
    'href',
    '/request',
  );
  const requestCrumb = crumbs.getByRole('link', { name: /^R\d{5}$/ });
  const portalId = (await requestCrumb.textContent())!;
  const requestPath = (await requestCrumb.getAttribute('href'))!;
  await expect(researcher.getByRole('heading', { name: 'Procedural notes' })).toBeVisible();
  await expectNoAxeViolations(researcher);
  await researcher.getByRole('button', { name: 'Continue to Application' }).click();

  // The form refuses to go unanswered.
  await researcher.getByRole('button', { name: 'Submit Renewal' }).click();
  await expect(researcher.getByText('Please fix the errors on the form.')).toBeVisible();

  // No asks how the biospecimens were handled; Yes does not, and asks for the usage policy.
  const renew = researcher.getByRole('radiogroup', { name: /renew access/ });
  await renew.getByRole('radio', { name: 'No' }).check();
  await expect(researcher.getByRole('radiogroup', { name: /biospecimens been destroyed/ })).toBeVisible();
  await renew.getByRole('radio', { name: 'Yes' }).check();
  await expect(researcher.getByRole('radiogroup', { name: /biospecimens been destroyed/ })).toBeHidden();

  // Publication answers: data published, with one publication.
  const publication = researcher.getByRole('radiogroup', { name: /been published/ });
  await publication.getByRole('radio', { name: 'Yes, data published' }).check();
  await researcher.getByRole('button', { name: 'Add publication' }).click();
  const first = researcher.getByRole('group', { name: 'Publications, row 1' });
  await first
    .getByRole('textbox', { name: 'Citation' })
    .fill('Doe J, Roe R. Transcriptomes of LCLs in autism. 2025.');
  await first.getByRole('textbox', { name: 'DOI or URL' }).fill('10.1000/lcl.2025.1');
  await first.getByRole('textbox', { name: 'Publication date' }).fill('03/14/2025');
  await first.getByRole('textbox', { name: 'Publication date' }).blur();
  await researcher
    .getByRole('radiogroup', { name: /generate new data/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await researcher
    .getByRole('textbox', { name: /Describe the data generated/ })
    .fill('RNA-seq of 40 cell lines, deposited in NDA.');
  await researcher
    .getByRole('textbox', { name: /contribute to your research/ })
    .fill('The cell lines were the basis of two expression studies.');
  await researcher.getByRole('checkbox', { name: /data usage policy/ }).check();
  await expectNoAxeViolations(researcher);
  await researcher.getByRole('button', { name: 'Submit Renewal' }).click();

  // Thank-you, then the request: the expiry is extended by three years.
  await expect(researcher.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(researcher.getByRole('status').filter({ hasText: 'now lasts until' })).toContainText(
    `now lasts until ${usDay(365 * 3)}`,
  );
  await expect(researcher.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(researcher);
  await researcher.getByRole('link', { name: 'Go to Request' }).click();
  await expect(researcher).toHaveURL(new RegExp(`${requestPath}$`));
  await researcher.getByRole('tab', { name: 'Renewal Info' }).click();
  await expect(
    researcher.getByText(`Renewal choice: Yes — access extended to ${usDay(365 * 3)}.`),
  ).toBeVisible();
  await expect(researcher.getByText('Yes, data published')).toBeVisible();
  await expect(researcher.getByText(/Expires in 109[45] days/)).toBeVisible();
  await expect(researcher.getByRole('link', { name: 'Renew', exact: true })).toHaveCount(0);
  await expectNoAxeViolations(researcher);

  // The dashboard no longer lists it.
  await researcher.getByRole('link', { name: 'Project Updates Dashboard' }).first().click();
  await expect(
    researcher.getByRole('table', { name: 'Requests expiring in the next six months' }).getByText(portalId),
  ).toHaveCount(0);

  // The admin is told in the bell and reads the renewal on the request.
  const admin = await personPage(browser, 'portal_admin@demo.test');
  await admin.getByRole('button', { name: /Notifications$/ }).click();
  await admin.getByRole('menuitem', { name: new RegExp(`Renewal submitted for ${portalId}`) }).click();
  await expect(admin).toHaveURL(new RegExp(`${requestPath}\\?tab=renewal$`));
  await expect(admin.getByText(`Renewal choice: Yes — access extended to ${usDay(365 * 3)}.`)).toBeVisible();
  await expect(admin.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await expect(admin.getByText('RNA-seq of 40 cell lines, deposited in NDA.')).toBeVisible();
  // The Renewal Info tab (the staff panel above it has its own journey).
  await expectNoAxeViolations(admin, '[role="tabpanel"]');
  // The admin marks the renewal read and approved.
  await admin.getByRole('combobox', { name: 'Renewal status' }).selectOption('Approved');
  await admin.getByRole('button', { name: 'Save Status' }).click();
  await expect(admin.getByRole('button', { name: 'Save Status' })).toBeDisabled();
  // The researcher sees the renewal's new status on the request.
  await researcher.goto(`${requestPath}?tab=renewal`);
  await expect(researcher.getByRole('tabpanel').getByText('Approved', { exact: true })).toBeVisible();
  await expect(researcher.getByRole('link', { name: 'Edit Renewal' })).toHaveCount(0);
});
