import { expect, test } from '../support/test';
import { look } from '../support/look';
import { signIn } from '../support/session';

test('a researcher stops reminder e-mails on My Profile, and turns them on again', async ({ page }) => {
  await signIn(page, 'primary_researcher@demo.test');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

  const reminders = page.getByRole('switch', { name: 'E-mail me reminders about work waiting for me' });
  await expect(reminders).toBeChecked();
  await reminders.click();
  await expect(reminders).not.toBeChecked();
  await look(page, 'my-profile-reminders');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();

  // The choice is kept with the account.
  await page.reload();
  await expect(reminders).not.toBeChecked();
  await reminders.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes are saved.').first()).toBeVisible();
  await page.reload();
  await expect(reminders).toBeChecked();
});

test('an administrator changes when a reminder goes out and what it says', async ({ page }) => {
  await signIn(page, 'portal_admin@demo.test');
  await page.getByRole('button', { name: 'View menu' }).click();
  await page.getByRole('menuitem', { name: 'Reminders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible();

  const revisions = page.getByRole('form', { name: 'Requests with revisions requested' });
  await expect(revisions.getByRole('textbox', { name: 'Days in Revisions Requested' })).toHaveValue('14');
  await look(page, 'reminders');

  // A placeholder the e-mail does not know is refused, and says which ones it knows.
  const subject = revisions.getByRole('textbox', { name: 'Subject' });
  await subject.fill('Reminder for {nmae}');
  await revisions.getByRole('button', { name: 'Save' }).click();
  await expect(revisions.getByText(/^Unknown placeholder \{nmae\}\. Use \{name\}/)).toBeVisible();

  await subject.fill('Reminder: requests waiting for your revisions');
  await revisions.getByRole('textbox', { name: 'Days in Revisions Requested' }).fill('21');
  await revisions.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Requests with revisions requested: saved.')).toBeVisible();
  await page.reload();
  await expect(revisions.getByRole('textbox', { name: 'Days in Revisions Requested' })).toHaveValue('21');

  // Back to the default, as other journeys expect.
  await revisions.getByRole('textbox', { name: 'Days in Revisions Requested' }).fill('14');
  await revisions.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Requests with revisions requested: saved.').first()).toBeVisible();
});
