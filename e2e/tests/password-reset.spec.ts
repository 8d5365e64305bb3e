import { expect, test } from '../support/test';
import { linkFromMail } from '../support/mail';

test('a researcher resets a forgotten password from the e-mail; the old one stops working', async ({
  page,
  request,
}) => {
  const email = `reset.${Date.now()}@demo.test`;
  const oldPassword = 'Old-Password-123!';
  const newPassword = 'New-Password-456!';
  // An account of their own, registered and verified through the API.
  const registered = await request.post('/api/register-user/', {
    data: { first_name: 'Rosa', last_name: 'Reset', email, password: oldPassword, agreed_to_terms: true },
  });
  expect(registered.status()).toBe(201);
  const verifyLink = await linkFromMail(email, /http:\/\/127\.0\.0\.1:\d+\/verify-user\?token=\S+/);
  expect(
    (await request.get(`/api/verify-user/?token=${new URL(verifyLink).searchParams.get('token')}`)).status(),
  ).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/with instructions to reset your password/)).toBeVisible();

  const resetLink = await linkFromMail(email, /http:\/\/127\.0\.0\.1:\d+\/reset-password\/\S+/);
  await page.goto(resetLink);
  await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Something-Else-1!');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(page.getByText('Your password has been reset')).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(oldPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText('Unable to log in with provided credentials.');
  await page.getByRole('textbox', { name: 'Password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Registered without an institution: asked to provide one first.
  await expect(page).toHaveURL(/\/provide-institution$/);

  // The link works once.
  await page.goto(resetLink);
  await page.getByRole('textbox', { name: 'New password' }).fill('Third-Password-789!');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Third-Password-789!');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText('There was an issue resetting your password.');
});
