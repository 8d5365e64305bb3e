import { expect, test } from '../support/test';
import { linkFromMail } from '../support/mail';
import { signIn } from '../support/session';

test('the signing official completes the annual researcher review', async ({ page }) => {
  await signIn(page, 'sbso@demo.test');
  await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  await expect(page.getByText("You currently don't have any tasks")).toBeVisible();
  await page.getByRole('link', { name: 'Annual researcher review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annual Researcher Review' })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Submit' });
  const groups = page.getByRole('radiogroup', { name: /still affiliated/ });
  await expect(groups.first()).toBeVisible();
  const count = await groups.count();
  expect(count).toBeGreaterThan(5);
  for (let index = 0; index < count; index++)
    await groups.nth(index).getByRole('radio', { name: 'Yes' }).check();
  await expect(submit).toBeDisabled(); // the confirmation is not ticked yet
  await page.getByRole('checkbox', { name: 'I confirm that the information above is accurate.' }).check();
  await submit.click();
  await expect(page.getByRole('dialog', { name: 'Annual Review Complete!' })).toBeVisible();
});

test('an invited official declines the invitation', async ({ page, request }) => {
  const stamp = Date.now();
  const researcher = `nora.${stamp}@decline${stamp}.edu`;
  const official = `no.thanks.${stamp}@decline${stamp}.edu`;
  await request.post('/api/register-user/', {
    data: {
      first_name: 'Nora',
      last_name: 'Researcher',
      email: researcher,
      password: 'Researcher-Pass-1!',
      agreed_to_terms: true,
    },
  });
  const verify = await linkFromMail(researcher, /http:\/\/127\.0\.0\.1:\d+\/verify-user\?token=\S+/);
  await request.get(`/api/verify-user/?token=${new URL(verify).searchParams.get('token')}`);
  const token = (
    await (
      await request.post('/api/api-token-auth/', {
        data: { email: researcher, password: 'Researcher-Pass-1!' },
      })
    ).json()
  ).token;
  const proposed = await request.post('/api/institution-helper/', {
    headers: { authorization: `JWT ${token}` },
    data: {
      institution_data: { name: `Decline University ${stamp}`, official_name: `Decline University ${stamp}` },
      io_data: { first_name: 'Dee', last_name: 'Cliner', email: official },
    },
  });
  expect(proposed.status()).toBe(201);

  const decline = await linkFromMail(official, /http:\/\/127\.0\.0\.1:\d+\/register\?token=\S+&rejected=\S+/);
  await page.goto(decline);
  const dialog = page.getByRole('dialog', { name: 'Confirm SBSO Rejection' });
  await expect(dialog).toContainText('Dee Cliner');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/thank-you\?reason=sbso_said_no/);
  await expect(page.getByText(/We have told the researcher who invited you/)).toBeVisible();

  // The researcher is asked to name another official at the next sign-in.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(researcher);
  await page.getByRole('textbox', { name: 'Password' }).fill('Researcher-Pass-1!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Name a New Signing Official' })).toBeVisible();
});
