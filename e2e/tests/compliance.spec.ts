import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { linkFromMail } from '../support/mail';
import { signIn } from '../support/session';

const today = () =>
  new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

test('an administrator reviews compliance, acknowledges an institution and e-mails an official', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'portal_admin@demo.test');
  await page.getByRole('button', { name: 'View menu' }).click();
  await page.getByRole('menuitem', { name: 'Compliance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'SBSO Compliance' })).toBeVisible();
  await expect(page.getByTestId('compliance-chart').locator('.recharts-pie-sector')).toHaveCount(3);
  const table = page.getByRole('table', { name: 'Institution compliance' });
  await expect(table.getByRole('row', { name: /Riverside University/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);

  // The filter list narrows the table to one status.
  const filter = page.getByRole('group', { name: 'Filter by compliance status' });
  await filter.getByRole('button', { name: /^Non-Compliant/ }).click();
  await expect(filter.getByRole('button', { name: /^Non-Compliant/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const hillcrest = table.getByRole('row', { name: /Hillcrest School of Medicine/ });
  const lakeshore = table.getByRole('row', { name: /Lakeshore Institute of Technology/ });
  await expect(hillcrest).toBeVisible();
  await expect(lakeshore).toContainText('Non-Compliant');
  await expect(lakeshore).toContainText('Leon Shaw');
  await expect(table.getByRole('row', { name: /Riverside University/ })).toHaveCount(0);

  // Acknowledge.
  await hillcrest.getByRole('button', { name: 'Acknowledge Hillcrest School of Medicine' }).click();
  await expect(hillcrest.getByText('Acknowledged')).toBeVisible();
  await expect(hillcrest.getByRole('button', { name: /Acknowledge/ })).toHaveCount(0);

  // The composer opens with the official's address; Send needs a recipient.
  await lakeshore.getByRole('button', { name: 'Email Lakeshore Institute of Technology' }).click();
  const composer = page.getByRole('dialog', { name: /Email the signing official of Lakeshore/ });
  const to = composer.getByRole('textbox', { name: 'To' });
  await expect(to).toHaveValue('lakeshore.official@demo.test');
  await expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveValue(
    /annual researcher review for Lakeshore Institute of Technology/,
  );
  await expectNoAxeViolations(page);
  const send = composer.getByRole('button', { name: 'Send' });
  await to.fill('');
  await expect(send).toBeDisabled();

  // A bad address: the error mode with the server's message, then back to the form.
  await to.fill('not-an-address');
  await send.click();
  const failed = page.getByRole('dialog', { name: 'Error while sending email' });
  await expect(failed.getByRole('alert')).toContainText('Please enter a valid email address.');
  await failed.getByRole('button', { name: 'Back to the e-mail' }).click();

  await to.fill('lakeshore.official@demo.test');
  await composer
    .getByRole('textbox', { name: 'Message' })
    .fill('Dear Leon,\n\nPlease complete the annual review.');
  await send.click();
  const sent = page.getByRole('dialog', { name: 'Email has been sent' });
  await expect(sent).toContainText('Your email was successfully sent.');
  await sent.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(sent).toHaveCount(0);

  // The e-mail reaches the official and is the row's last e-mail.
  await linkFromMail('lakeshore.official@demo.test', /Please complete the annual review\./);
  await expect(lakeshore).toContainText(today());

  // A row opens its institution.
  await lakeshore.getByRole('cell', { name: 'Lakeshore Institute of Technology', exact: true }).click();
  await expect(page).toHaveURL(/\/institution\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Lakeshore Institute of Technology' }),
  ).toBeVisible();
});

test('a reviewer sees compliance without the administrator actions', async ({ page }) => {
  await signIn(page, 'portal_reviewer@demo.test');
  await page.goto('/compliance');
  const table = page.getByRole('table', { name: 'Institution compliance' });
  await expect(table.getByRole('row', { name: /Northfield College/ })).toContainText('Review Due');
  await expect(table.getByRole('button', { name: /^Email / })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^Acknowledge / })).toHaveCount(0);
});

test('a signing official has no compliance page', async ({ page }) => {
  await signIn(page, 'sbso@demo.test');
  await page.goto('/compliance');
  await expect(page).toHaveURL(/\/404$/);
});
