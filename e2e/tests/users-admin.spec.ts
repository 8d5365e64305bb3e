import { expect, test } from '../support/test';
import { axeFindings, seriousFindings, transitionsEnded } from '../support/axe';
import { linkFromMail } from '../support/mail';
import { signIn, signOut } from '../support/session';

test('an access administrator creates a user with two roles; the user sets a password from the e-mail and signs in', async ({
  page,
}) => {
  const email = `new.user.${Date.now()}@demo.test`;
  await signIn(page, 'access_admin@demo.test');
  await page.getByRole('button', { name: 'View menu' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Joinder Signed?' })).toBeVisible();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Add New User' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New User' })).toBeVisible();

  await page.getByRole('textbox', { name: 'First name' }).fill('Katherine');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Johnson');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  // Exclusive roles (foundation §5): the message names both.
  await page.getByRole('checkbox', { name: 'Primary Researcher' }).check();
  await page.getByRole('checkbox', { name: 'Portal Base Signing Officer' }).check();
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(
    page.getByText(
      'Primary Researcher and Portal Base Signing Officer are mutually exclusive roles: choose one of them.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/user\/create$/);
  // The grant matrix (decision 306): a superuser alone grants superuser, and roles with rights the
  // access administrator lacks are not offered.
  await expect(page.getByRole('checkbox', { name: 'Superuser' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Portal Reviewer' })).toBeDisabled();

  await page.getByRole('checkbox', { name: 'Portal Base Signing Officer' }).uncheck();
  await page.getByRole('checkbox', { name: 'PI and Signing Officer' }).check();
  await page.getByRole('combobox', { name: 'Institutions' }).fill('Demo');
  await page.getByRole('option', { name: 'Demo University' }).click();
  await page.getByRole('button', { name: 'Create User' }).click();

  await expect(page).toHaveURL(/\/user\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Katherine Johnson' })).toBeVisible();
  const roles = page.getByRole('heading', { name: 'Roles' }).locator('..');
  await expect(roles.getByText('Primary Researcher')).toBeVisible();
  await expect(roles.getByText('PI and Signing Officer')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Demo University' })).toBeVisible();

  // The new user sets a password from the e-mail and signs in.
  const link = await linkFromMail(email, /http:\/\/127\.0\.0\.1:\d+\/reset-password\/\S+/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await signOut(page, page.getByRole('menuitem', { name: 'Log out' }));
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New password' }).fill('Hidden-Figures-1961!');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Hidden-Figures-1961!');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('Hidden-Figures-1961!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // A first sign-in asks for the terms.
  const terms = page.getByRole('dialog', { name: 'Our Terms of Service Have Changed' });
  await terms.getByRole('button', { name: 'Agree' }).click();
  // Demo University's RDA is executed and the new researcher has not joined it yet.
  await expect(page).toHaveURL(/\/joinder$/);
  await expect(page.getByRole('heading', { level: 1, name: 'RDA Joinder' })).toBeVisible();
});

test('an access administrator filters the users by role and edits one', async ({ page }) => {
  await signIn(page, 'access_admin@demo.test');
  await page.goto('/user');
  await page.getByRole('button', { name: 'Show/Hide Filters' }).click();
  await page.getByRole('checkbox', { name: 'Internal Read Only User' }).check();
  const rows = page.getByRole('table', { name: 'Users' }).getByRole('row');
  await expect(rows.filter({ hasText: 'internal_read_only@demo.test' })).toBeVisible();
  await expect(rows.filter({ hasText: 'primary_researcher@demo.test' })).toHaveCount(0);
  await rows.filter({ hasText: 'internal_read_only@demo.test' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/user\/\d+$/);

  await page.getByRole('button', { name: 'Edit' }).click();
  // The account holds a role the access administrator may not grant: its e-mail is not theirs.
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Title' }).fill(`Auditor ${Date.now()}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The user was updated.')).toBeVisible();
  await expect(page.getByText(/^Auditor \d+$/)).toBeVisible();
});

test('an access administrator changes a user’s e-mail; it changes once the link sent to the new address is followed', async ({
  page,
}) => {
  const moved = `pi.moved.${Date.now()}@demo.test`;
  await signIn(page, 'access_admin@demo.test');
  await page.goto('/user');
  await page.getByRole('button', { name: 'Show/Hide Filters' }).click();
  await page.getByRole('checkbox', { name: 'PI and Signing Officer' }).check();
  const rows = page.getByRole('table', { name: 'Users' }).getByRole('row');
  await rows.filter({ hasText: 'pi_sbso@demo.test' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/user\/\d+$/);
  const userPage = page.url();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(moved);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The user was updated.')).toBeVisible();
  // Until confirmed, the account keeps its address and the page says what is pending.
  await expect(
    page.getByText(`pi_sbso@demo.test (changing to ${moved}, pending confirmation)`),
  ).toBeVisible();

  const link = await linkFromMail(moved, /http:\/\/127\.0\.0\.1:\d+\/confirm-email\?token=\S+/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your New Email Address' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`${moved} is now the sign-in address`);
  await page.goto(userPage);
  await expect(page.getByText(moved, { exact: true })).toBeVisible();
});

test('the New User institution picker searches what is typed, and Enter takes nothing before the answer', async ({
  page,
}) => {
  await signIn(page, 'access_admin@demo.test');
  await page.goto('/user/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New User' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Institutions' });
  await picker.click();
  // Nothing typed: the first institutions by name.
  await expect(page.getByRole('option', { name: 'Bayview Health Institute' })).toBeVisible();
  // Typed: the earlier list goes at once; Enter before the server's answer chooses nothing.
  await picker.pressSequentially('Demo');
  await expect(page.getByRole('option', { name: 'Bayview Health Institute' })).toHaveCount(0);
  await picker.press('Enter');
  await expect(page.getByRole('option', { name: 'Demo University' })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);
  // That Enter chose nothing: no Bayview anywhere on the page.
  await expect(page.getByText('Bayview Health Institute')).toHaveCount(0);
  await page.getByRole('option', { name: 'Demo University' }).click();
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('form', { name: 'New user' }).getByText('Demo University', { exact: true }),
  ).toBeVisible();
});

test('the user list’s institution filter opens a list keyboards reach (its options scroll in the listbox)', async ({
  page,
}) => {
  await signIn(page, 'access_admin@demo.test');
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: /Filters/ }).click();
  await page.getByRole('combobox', { name: 'Institutions' }).click();
  const options = page.getByRole('listbox');
  await expect(options.getByRole('option', { name: 'Demo University' })).toBeVisible();
  // More institutions than fit: the listbox itself scrolls (the field's arrow keys move through it).
  expect(await options.evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);
  await transitionsEnded(page);
  expect(seriousFindings(await axeFindings(page))).toEqual([]);
});
