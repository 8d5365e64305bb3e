import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { linkFromMail } from '../support/mail';
import { signIn, tickJoinderAgreement } from '../support/session';

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/api-token-auth/', {
    data: { email, password, agreed_to_terms: true },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).token;
}

async function signInAs(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a researcher proposes their institution; the invited official registers, confirms and signs; the admin approves; the lead countersigns; the researcher joins', async ({
  page,
  request,
}) => {
  // Five people in turn, each signing in and reading mail: longer than one screen's journey.
  test.slow();
  const stamp = Date.now();
  const researcherEmail = `rita.${stamp}@lakeside${stamp}.edu`;
  const officialEmail = `sam.${stamp}@lakeside${stamp}.edu`;
  const institutionName = `Lakeside College ${stamp}`;

  // A researcher registers without an institution; at sign-in they are asked for it.
  await request.post('/api/register-user/', {
    data: {
      first_name: 'Rita',
      last_name: 'Researcher',
      email: researcherEmail,
      password: 'Researcher-Pass-1!',
      agreed_to_terms: true,
    },
  });
  const verify = await linkFromMail(researcherEmail, /http:\/\/127\.0\.0\.1:\d+\/verify-user\?token=\S+/);
  await request.get(`/api/verify-user/?token=${new URL(verify).searchParams.get('token')}`);
  await signInAs(page, researcherEmail, 'Researcher-Pass-1!');
  await expect(page.getByRole('heading', { level: 1, name: 'Provide Your Institution' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Common name' }).fill(institutionName);
  await page.getByRole('textbox', { name: 'Official (legal) name' }).fill(institutionName);
  await page.getByRole('textbox', { name: "Official's first name" }).fill('Sam');
  await page.getByRole('textbox', { name: "Official's last name" }).fill('Signer');
  await page.getByRole('textbox', { name: "Official's email" }).fill(researcherEmail);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Investigators may not list themselves as the SBSO')).toBeVisible();
  await page.getByRole('textbox', { name: "Official's email" }).fill(officialEmail);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/thank-you\?reason=pr_add_sbso/);

  // The official follows the invitation and registers.
  await page.context().clearCookies();
  const invitation = await linkFromMail(officialEmail, /http:\/\/127\.0\.0\.1:\d+\/register\?token=[^\s&]+/);
  await page.goto(invitation);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create Your Signing Official Account' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(officialEmail);
  await page.getByRole('textbox', { name: 'Title' }).fill('Director of Research Administration');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('555-0101');
  await page.getByRole('textbox', { name: 'Password' }).fill('Official-Pass-1!');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // At first sign-in the official confirms the institution's details, which sends it to review...
  await signInAs(page, officialEmail, 'Official-Pass-1!');
  await expect(page.getByRole('heading', { level: 1, name: 'Institution Details' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Common name' })).toHaveValue(institutionName);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Please provide a phone number')).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('555-0100');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText(/The foundation will review the institution/)).toBeVisible();

  // ...and signs the RDA; a wrong name is refused with the spec message.
  const officialToken = await tokenFor(request, officialEmail, 'Official-Pass-1!');
  const me = await (
    await request.get('/api/user/me/', { headers: { authorization: `JWT ${officialToken}` } })
  ).json();
  const institution = await (
    await request.get(`/api/institution/${me.institutionId}/`, {
      headers: { authorization: `JWT ${officialToken}` },
    })
  ).json();
  expect(institution.status).toBe(2);
  await page.goto(`/rda/${institution.current_rda}`);
  await page.getByRole('textbox', { name: 'Signature' }).fill('Someone Else');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Signature does not match full name')).toBeVisible();
  await page.getByRole('textbox', { name: 'Signature' }).fill('Sam Signer');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Your signature is recorded.')).toBeVisible();

  // The administrator approves it from the institution page.
  await page.context().clearCookies();
  await signIn(page, 'portal_admin@demo.test');
  await page.goto('/institution');
  await page.getByRole('textbox', { name: 'Search' }).fill(institutionName);
  await page.getByRole('cell', { name: institutionName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: institutionName })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Institution Approved').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();

  // The administrator lead countersigns.
  await page.context().clearCookies();
  await signIn(page, 'portal_admin_lead@demo.test');
  await page.goto(`/rda/${institution.current_rda}`);
  await page.getByRole('textbox', { name: 'Foundation signature' }).fill('Demo Portal Administrator Lead');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Fully Executed').first()).toBeVisible();

  // The researcher is sent to the joinder, agrees, and reaches home without the ribbon.
  await signInAs(page, researcherEmail, 'Researcher-Pass-1!');
  await expect(page).toHaveURL(/\/joinder$/);
  await tickJoinderAgreement(page);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rita' })).toBeVisible();
  await expect(page.getByText('Your institution is unconfirmed.')).toHaveCount(0);
});
