import { expect, test } from '../support/test';
import { linkFromMail } from '../support/mail';
import { signOut } from '../support/session';

test('a researcher registers, verifies from the e-mail link, signs in and out', async ({ page }) => {
  const email = `grace.${Date.now()}@demo.test`;
  await page.goto('/register');
  // The 'Please note' notice comes first.
  const note = page.getByRole('dialog', { name: 'Please note' });
  await expect(note).toContainText('Only principal investigators may create accounts.');
  await note.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
  await page.getByRole('textbox', { name: 'Institutional email' }).fill(email);
  await page.getByRole('textbox', { name: 'Confirm email' }).fill(email);
  const create = page.getByRole('button', { name: 'Create' });
  await page.getByRole('textbox', { name: 'Password' }).fill('weak');
  await expect(create).toBeDisabled();
  await page.getByRole('textbox', { name: 'Password' }).fill('Cobol-Rules-1959!');
  await expect(create).toBeDisabled(); // terms not agreed yet
  await page.getByRole('combobox', { name: 'Institution' }).click();
  await page.getByRole('option', { name: 'Demo University' }).click();
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await create.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const link = await linkFromMail(email, /http:\/\/127\.0\.0\.1:\d+\/verify-user\?token=\S+/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirect=email_verified/);
  await expect(page.getByText('Your account is verified')).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Cobol-Rules-1959!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Demo University's RDA is executed and Grace has not joined it yet: she is sent to the joinder.
  await expect(page).toHaveURL(/\/joinder$/);
  await expect(page.getByRole('heading', { level: 1, name: 'RDA Joinder' })).toBeVisible();
  // An approved institution: no unconfirmed-institution ribbon.
  await expect(page.getByText('Your institution is unconfirmed.')).toHaveCount(0);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await signOut(page, page.getByRole('menuitem', { name: 'Log out' }));
});

test('registration refuses a mismatched confirmation, and answers a taken e-mail as a new one while telling its owner', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByRole('dialog', { name: 'Please note' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await page.getByRole('textbox', { name: 'Institutional email' }).fill('primary_researcher@demo.test');
  await page.getByRole('textbox', { name: 'Confirm email' }).fill('someone.else@demo.test');
  await page.getByRole('textbox', { name: 'Password' }).fill('Analytical-Engine-1!');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Emails do not match')).toBeVisible();

  await page.getByRole('textbox', { name: 'Confirm email' }).fill('primary_researcher@demo.test');
  await page.getByRole('button', { name: 'Create' }).click();
  // The page says what it says for a new address (decision 117); the mailbox's owner learns the rest.
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  await linkFromMail(
    'primary_researcher@demo.test',
    /Reset my password: http:\/\/127\.0\.0\.1:\d+\/reset-password$/m,
  );
});

test('a verification link followed again sends the verified account to sign-in', async ({ page }) => {
  const email = `katherine.${Date.now()}@demo.test`;
  await page.goto('/register');
  await page.getByRole('dialog', { name: 'Please note' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Katherine');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Johnson');
  await page.getByRole('textbox', { name: 'Institutional email' }).fill(email);
  await page.getByRole('textbox', { name: 'Confirm email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Orbital-Mechanics-1962!');
  await page.getByRole('combobox', { name: 'Institution' }).click();
  await page.getByRole('option', { name: 'Demo University' }).click();
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();

  const link = await linkFromMail(email, /http:\/\/127\.0\.0\.1:\d+\/verify-user\?token=\S+/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirect=email_verified/);
  await expect(page.getByText('Your account is verified')).toBeVisible();

  // The same link again, e.g. from the e-mail opened a second time: no dead end, on to signing in.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?redirect=already_verified/);
  await expect(page.getByText('Your account is already verified')).toBeVisible();
  await expect(page.getByText('The token could not be verified.')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Orbital-Mechanics-1962!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Signing in hashes the password and loads the affiliation: slow on a shared machine.
  await expect(page).toHaveURL(/\/joinder$/, { timeout: 15_000 });
});
