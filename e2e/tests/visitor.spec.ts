import { expect, test } from '../support/test';
import { collectPageErrors, holdAppCode } from '../support/rendered-page';
import { DEMO_PASSWORD } from '../support/session';

test.describe('a visitor', () => {
  test('sees the home page with sign-in, the cohorts, the guide and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Research Resource Portal' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    for (const cohort of ['SSC', 'SPARK', 'Simons Searchlight', 'AIC', 'ABN']) {
      await expect(page.getByLabel('Cohorts').getByText(cohort, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'How to request resources' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms' })).toBeVisible();
    await expect(footer.getByText(/Version \d+\.\d+\.\d+/)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('gets “Looking for something?” on an unknown path, with sign-in and the four steps', async ({
    page,
  }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Looking for something?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('heading', { name: 'How to request resources' })).toBeVisible();
    // The minimal footer: no mission text.
    await expect(page.getByText(/Our mission is/)).toHaveCount(0);
  });

  test('is sent to sign in for a signed-in page, and sees the spec messages on a bad form', async ({
    page,
  }) => {
    await page.goto('/project');
    await expect(page).toHaveURL(/\/login\?next=%2Fproject/);
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
  });

  test('is told when the e-mail or password is wrong', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('primary_researcher@demo.test');
    await page.getByRole('textbox', { name: 'Password' }).fill('Wrong-Password-1!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Unable to log in with provided credentials.');
  });

  test('sees the sign-in page before its code has run, then signs in once the app has taken it over', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    // The app's code is held back: what shows is the page as the build prerendered it.
    const appCode = await holdAppCode(page);
    appCode.hold();
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms' })).toBeVisible();
    // Typing before the app runs would be lost: the form waits for it.
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();

    appCode.release();
    await page.getByRole('textbox', { name: 'Email' }).fill('primary_researcher@demo.test');
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    // React took the page over as it was: a mismatch would have been reported as an error.
    expect(errors).toEqual([]);
  });
});
