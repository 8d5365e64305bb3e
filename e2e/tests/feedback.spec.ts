import { expect, test } from '../support/test';
import { linkFromMail } from '../support/mail';
import { signIn } from '../support/session';

const SUPPORT = 'support@portal.test';

test('a signed-out visitor sends feedback and support receives it; an administrator finds it in the e-mail log', async ({
  page,
  browser,
}) => {
  const words = `Please add a dark theme ${Date.now()}`;
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Feedback' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Feedback' });

  // The text is required; so is an address once a reply is wanted.
  await form.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(form.getByText('Required', { exact: true })).toBeVisible();
  await form.getByRole('textbox', { name: 'Feedback' }).fill(words);
  await form.getByRole('checkbox', { name: 'I would like a reply' }).check();
  await form.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(form.getByText('Required', { exact: true })).toBeVisible();
  await form.getByRole('textbox', { name: 'Contact email' }).fill('visitor@example.org');
  await form.getByRole('button', { name: 'Send Feedback' }).click();

  await expect(page.getByRole('dialog', { name: 'Thank You' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Thank You' })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Feedback' })).toHaveValue('');
  await linkFromMail(SUPPORT, new RegExp(words));

  // Staff see what was sent, with its status and attempts, and can send it again.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'portal_admin@demo.test');
  await admin.getByRole('button', { name: 'View menu' }).click();
  await admin.getByRole('menuitem', { name: 'Email Log' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Email Log' })).toBeVisible();
  await admin.getByRole('textbox', { name: 'Template' }).fill('feedback');
  const log = admin.getByRole('table', { name: 'Email log' });
  const row = log.getByRole('row').filter({ hasText: SUPPORT }).first();
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Resend/ }).click();
  await expect(admin.getByText('is being sent again.')).toBeVisible();
  await expect(log.getByText(/sent again from #\d+/)).toBeVisible();
});

test('a superuser switches a feature toggle', async ({ page }) => {
  await signIn(page, 'superuser@demo.test');
  await page.getByRole('button', { name: 'View menu' }).click();
  await page.getByRole('menuitem', { name: 'Feature Toggles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feature Toggles' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'biospecimen_epic' });
  const before = await toggle.isChecked();
  await toggle.click({ force: true });
  await expect(page.getByText(`biospecimen_epic is ${before ? 'off' : 'on'}.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'biospecimen_epic' })).toBeChecked({ checked: !before });

  // Journeys share one server: the flag goes back as it was, which is also the way back.
  await page.getByRole('switch', { name: 'biospecimen_epic' }).click({ force: true });
  await expect(page.getByText(`biospecimen_epic is ${before ? 'on' : 'off'}.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'biospecimen_epic' })).toBeChecked({ checked: before });
});
