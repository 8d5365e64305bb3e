import { expect, test, type APIRequestContext } from '@playwright/test';
import { linkFromMail } from '../support/mail';
import { DEMO_PASSWORD, signIn } from '../support/session';

async function tokenFor(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await request.post('/api/api-token-auth/', {
    data: { email, password, agreed_to_terms: true },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).token;
}

test('a proposed institution: the invited official registers and signs, the admin approves, the lead countersigns, the researcher joins', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const researcherEmail = `rita.${stamp}@lakeside${stamp}.edu`;
  const officialEmail = `sam.${stamp}@lakeside${stamp}.edu`;
  const institutionName = `Lakeside College ${stamp}`;

  // A researcher registers without an institution and proposes theirs (API: the proposal screen comes later).
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
  const researcherToken = await tokenFor(request, researcherEmail, 'Researcher-Pass-1!');
  const proposed = await request.post('/api/institution-helper/', {
    headers: { authorization: `JWT ${researcherToken}` },
    data: {
      institution_data: { name: institutionName, official_name: institutionName },
      io_data: { first_name: 'Sam', last_name: 'Signer', email: officialEmail },
    },
  });
  expect(proposed.status()).toBe(201);
  const institutionId = (await proposed.json()).institution;

  // The official follows the invitation and registers in the browser.
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

  // The official signs the RDA; a wrong name is refused with the spec message.
  const officialToken = await tokenFor(request, officialEmail, 'Official-Pass-1!');
  const institution = await (
    await request.get(`/api/institution/${institutionId}/`, {
      headers: { authorization: `JWT ${officialToken}` },
    })
  ).json();
  await page.getByRole('textbox', { name: 'Email' }).fill(officialEmail);
  await page.getByRole('textbox', { name: 'Password' }).fill('Official-Pass-1!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/institution-details/);
  await page.goto(`/rda/${institution.current_rda}`);
  await page.getByRole('textbox', { name: 'Signature' }).fill('Someone Else');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Signature does not match full name')).toBeVisible();
  await page.getByRole('textbox', { name: 'Signature' }).fill('Sam Signer');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Your signature is recorded.')).toBeVisible();

  // The official's first visit confirms the details (API: that screen comes later), so it is under review.
  await request.patch(`/api/institution/${institutionId}/`, {
    headers: { authorization: `JWT ${officialToken}` },
    data: { phone_number: '555-0101' },
  });
  await page.context().clearCookies();

  // The administrator approves it from the institution page.
  await signIn(page, 'portal_admin@demo.test');
  await page.goto('/institution');
  await page.getByRole('textbox', { name: 'Search' }).fill(institutionName);
  await page.getByRole('cell', { name: institutionName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: institutionName })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Institution Approved').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await page.context().clearCookies();

  // The administrator lead countersigns.
  await signIn(page, 'portal_admin_lead@demo.test');
  await page.goto(`/rda/${institution.current_rda}`);
  await page.getByRole('textbox', { name: 'Foundation signature' }).fill('Demo Portal Administrator Lead');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Fully Executed').first()).toBeVisible();
  await page.context().clearCookies();

  // The researcher is sent to the joinder, agrees, and reaches home without the ribbon.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(researcherEmail);
  await page.getByRole('textbox', { name: 'Password' }).fill('Researcher-Pass-1!');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/joinder$/);
  await page.getByRole('checkbox', { name: /I have read the Researcher Distribution Agreement/ }).check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rita' })).toBeVisible();
  await expect(page.getByText('Your institution is unconfirmed.')).toHaveCount(0);
});
