import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { linkFromMail } from '../support/mail';
import { DEMO_PASSWORD, signIn } from '../support/session';

async function tokenFor(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/api-token-auth/', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** An institution with one registered, verified researcher, made through the API. */
async function institutionWithResearcher(request: APIRequestContext, stamp: number) {
  const admin = await tokenFor(request, 'portal_admin@demo.test');
  const created = await request.post('/api/institution/', {
    headers: { authorization: `JWT ${admin}` },
    data: { name: `Closing College ${stamp}`, official_name: `Closing College ${stamp}` },
  });
  expect(created.status()).toBe(201);
  const institution = (await created.json()) as { id: number; name: string };
  const email = `carl.${stamp}@closing${stamp}.edu`;
  const registered = await request.post('/api/register-user/', {
    data: {
      first_name: 'Carl',
      last_name: 'Closer',
      email,
      password: 'Researcher-Pass-1!',
      agreed_to_terms: true,
      institution: institution.id,
    },
  });
  expect(registered.status()).toBe(201);
  const verify = await linkFromMail(email, /http:\/\/127\.0\.0\.1:\d+\/verify-user\?token=\S+/);
  await request.get(`/api/verify-user/?token=${new URL(verify).searchParams.get('token')}`);
  return { institution, email };
}

test('an administrator creates, edits, finds, deactivates and deletes institutions', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // one long journey through five screens
  const stamp = Date.now();
  const name = `Journey Institute ${stamp}`;
  await signIn(page, 'portal_admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Command Centre' })).toBeVisible();

  // The list downloads as a CSV file, one row per institution.
  await page.goto('/institution');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('institutions.csv');
  const csv = (await readFile(await (await download).path(), 'utf8')).split('\r\n');
  expect(csv[0]).toBe('id,name,official_name,ein,status,signing_official,signing_official_email,created');
  expect(csv.length).toBeGreaterThan(1);

  // Create, from the list's button; a name already in the system is refused on its field.
  await page.getByRole('link', { name: 'Add New Institution' }).click();
  await expect(page).toHaveURL(/\/institution\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Institution' })).toBeVisible();
  await expectNoAxeViolations(page);
  const form = page.getByRole('form', { name: 'New institution' });
  await form.getByRole('button', { name: 'Create Institution' }).click();
  await expect(form.getByText('Please provide an institution').first()).toBeVisible();
  await form.getByRole('textbox', { name: 'Common name' }).fill('Demo University');
  await form.getByRole('textbox', { name: 'Official (legal) name' }).fill(`The ${name}`);
  await form.getByRole('textbox', { name: 'EIN' }).fill(`98-${String(stamp).slice(-7)}`);
  await form.getByLabel('E-mail domains').fill(`journey${stamp}.edu`);
  await form.getByLabel('E-mail domains').press('Enter');
  await form.getByLabel('Other names').fill('JI');
  await form.getByLabel('Other names').press('Enter');
  await form.getByRole('radio', { name: 'For-profit' }).check();
  await form.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Institution Under Review' }).click();
  await form.getByRole('button', { name: 'Create Institution' }).click();
  await expect(form.getByText('Already in system')).toBeVisible();
  await form.getByRole('textbox', { name: 'Common name' }).fill(name);
  await form.getByRole('button', { name: 'Create Institution' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/institution\/\d+$/);
  const detailUrl = page.url();
  await expect(
    page.getByRole('main').getByText('Institution Under Review', { exact: true }).first(),
  ).toBeVisible();
  await expect(page.getByText('For-profit').first()).toBeVisible();

  // Edit through the action menu.
  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete institution' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('menuitem', { name: 'Edit institution' }).click();
  const edit = page.getByRole('form', { name: 'Edit institution' });
  await edit.getByRole('textbox', { name: 'Phone number' }).fill('555-0142');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('555-0142').first()).toBeVisible();

  // The command centre lists it among the institutions under review, and opens it.
  await page.goto('/');
  const institutions = page.getByRole('table', { name: 'Institutions' });
  await expect(institutions.getByText(name)).toBeVisible();
  await expectNoAxeViolations(page);
  // Its new RDA awaits the signing official's signature: the RDAs tab lists it and opens the RDA.
  await page.getByRole('tab', { name: 'RDAs' }).click();
  await page.getByRole('table', { name: 'RDAs' }).getByText(name).click();
  await expect(page).toHaveURL(/\/rda\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Researcher Distribution Agreement' }),
  ).toBeVisible();
  await page.goto('/');
  await page.getByRole('table', { name: 'Institutions' }).getByText(name).click();
  await expect(page).toHaveURL(detailUrl);

  // Deactivate after confirming: status 6 and no RDA.
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate institution' });
  await expect(confirm).toContainText('current RDA will be cleared');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(
    page.getByRole('main').getByText('Primary Researcher Adding New SBSO', { exact: true }).first(),
  ).toBeVisible();
  await expect(page.getByText('No RDA at this time.')).toBeVisible();

  // Delete another institution: the warning names the researcher deleted with it.
  const other = await institutionWithResearcher(request, stamp);
  await page.goto(`/institution/${other.institution.id}`);
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete institution' }).click();
  const warning = page.getByRole('dialog', { name: `Delete ${other.institution.name}` });
  await expect(warning).toContainText('also deletes 1 user account and no requests');
  await expect(warning).toContainText(`Carl Closer (${other.email})`);
  await expectNoAxeViolations(page);
  await warning.getByRole('button', { name: 'Delete institution' }).click();
  await expect(page).toHaveURL(/\/institution$/);
  await expect(page.getByText(`${other.institution.name} has been removed from the system.`)).toBeVisible();
  const gone = await request.post('/api/api-token-auth/', {
    data: { email: other.email, password: 'Researcher-Pass-1!' },
  });
  expect(gone.status()).toBe(400);
});

test('an administrator revises an RDA, records a paper signature and adds a new RDA', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const admin = await tokenFor(request, 'portal_admin@demo.test');
  const created = await request.post('/api/institution/', {
    headers: { authorization: `JWT ${admin}` },
    data: { name: `Paper Signature College ${stamp}`, official_name: `Paper Signature College ${stamp}` },
  });
  const institution = (await created.json()) as { id: number; current_rda: number };
  await signIn(page, 'portal_admin@demo.test');
  await page.goto(`/rda/${institution.current_rda}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Researcher Distribution Agreement' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText('Signature Needed', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // A revised PDF with comments, while it awaits the official's signature.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'revised.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await page.getByRole('textbox', { name: 'Comments' }).fill('Clause 4 revised.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Comments: Clause 4 revised.')).toBeVisible();
  await expect(page.getByText(/^Revised: /)).toBeVisible();

  // The official's signature as received on paper moves it to Awaiting Execution.
  await page.getByRole('textbox', { name: "Signing official's signature" }).fill('Paula Paper');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required field')).toBeVisible();
  await page.getByRole('textbox', { name: 'Signature date' }).fill('03/01/2024');
  await page.getByRole('textbox', { name: 'Signature date' }).press('Tab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('main').getByText('Awaiting Execution', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Institution signature: Paula Paper')).toBeVisible();
  await expect(page.getByRole('textbox', { name: "Signing official's signature" })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Signature date' })).toBeDisabled();

  // A fresh agreement replaces it as the institution's current RDA.
  await page.getByRole('button', { name: 'Add new RDA' }).click();
  await page
    .getByRole('dialog', { name: 'Add new RDA' })
    .getByRole('button', { name: 'Add new RDA' })
    .click();
  await expect(page).not.toHaveURL(new RegExp(`/rda/${institution.current_rda}$`));
  await expect(page.getByRole('main').getByText('Signature Needed', { exact: true })).toBeVisible();
  await expect(page.getByText('Institution signature: —')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Comments' })).toHaveValue('');
});
