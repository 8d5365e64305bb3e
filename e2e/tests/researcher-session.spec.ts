import { expect, test } from '../support/test';
import { linkFromMail } from '../support/mail';
import { collectPageErrors, holdAppCode, waitForTakeOver } from '../support/rendered-page';
import { DEMO_PASSWORD, signIn, signOut } from '../support/session';

test('a researcher signs in, finds their navigation, keeps the session on reload and logs out', async ({
  page,
}) => {
  await signIn(page, 'primary_researcher@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of ['Project Updates Dashboard', 'Projects', 'Requests', 'Datasets']) {
    await expect(nav.getByRole('link', { name: link })).toBeVisible();
  }
  // Researchers have no View menu, and no tissue catalogue unless approved for it.
  await expect(page.getByRole('button', { name: 'View menu' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Tissue Catalog' })).toHaveCount(0);

  // The dataset catalogue is one click away.
  await nav.getByRole('link', { name: 'Datasets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Datasets' })).toBeVisible();

  await nav.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await signOut(page, page.getByRole('menuitem', { name: 'Log out' }));
  // The old session is over: a signed-in page asks to sign in again.
  await page.goto('/project');
  await expect(page).toHaveURL(/\/login/);
});

test('a researcher adds an e-mail address, which counts only once confirmed from the link e-mailed to it', async ({
  page,
}) => {
  const address = `second.${Date.now()}@demo.test`;
  const linkPattern = /http:\/\/127\.0\.0\.1:\d+\/verify-email\?token=\S+/;
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/my-profile');
  const others = page.getByRole('combobox', { name: 'Other email addresses' });
  await others.fill(address);
  await others.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();
  const status = page.getByRole('list', { name: 'Other email addresses and their verification' });
  await expect(status.getByRole('listitem').filter({ hasText: address })).toContainText('Unverified');
  const first = await linkFromMail(address, linkPattern);

  // A fresh link replaces the first one.
  await status.getByRole('button', { name: `Resend verification to ${address}` }).click();
  await expect(page.getByText('Verification email successfully sent')).toBeVisible();
  let link = first;
  await expect.poll(async () => (link = await linkFromMail(address, linkPattern))).not.toBe(first);

  // Opened while signed out, the link asks to sign in first, then confirms the address.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await signOut(page, page.getByRole('menuitem', { name: 'Log out' }));
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole('textbox', { name: 'Email' }).fill('primary_researcher@demo.test');
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Email Address' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Email address confirmed' })).toContainText(
    address,
  );

  await page.getByRole('link', { name: 'Go to My Profile' }).click();
  await expect(status.getByRole('listitem').filter({ hasText: address })).toContainText('Verified');
  await expect(status.getByRole('button', { name: `Resend verification to ${address}` })).toHaveCount(0);
});

test('the signed-in home arrives drawn by the server with what it shows, and the app takes it over as it is', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const appCode = await holdAppCode(page);
  for (const [email, shows] of [
    ['primary_researcher@demo.test', 'Recent Requests'],
    ['portal_admin@demo.test', 'Command Centre'],
  ] as const) {
    await page.context().clearCookies();
    await signIn(page, email);
    // Once the server has loaded the code of the parts this home shows, which it does once:
    await page.goto('/');
    await expect(page.getByRole('heading', { name: shows })).toBeVisible();
    // …and this page has made its calls (the token check), which would otherwise count below.
    await page.waitForLoadState('networkidle');
    // The app's code is held back: what shows is the page as the server rendered it.
    appCode.hold();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/'))
        calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, Demo/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: shows })).toBeVisible();
    await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
    expect(calls).toEqual([]);

    appCode.release();
    // Taken over, and the page read nothing it already had.
    await waitForTakeOver(page);
    expect(calls.filter((call) => call.startsWith('GET'))).toEqual([]);
    page.removeAllListeners('request');
  }
  // A mismatch between the server's markup and the app's first render is reported as an error.
  expect(errors).toEqual([]);
});
