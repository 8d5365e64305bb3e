import { expect, test, type Browser, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { apiHeaders } from '../support/requests';
import { signIn } from '../support/session';
import { look } from '../support/look';
import { linkFromMail } from '../support/mail';

// Two people, two browsers, on a machine the whole team shares.
test.describe.configure({ timeout: 150_000 });

test('two staff members edit one request summary: the second meets the conflict dialog, sees the other’s change and overwrites on purpose', async ({
  page,
  browser,
  request,
}) => {
  const headers = await apiHeaders(request, 'rm_admin@demo.test');
  const applications = await (await request.get('/api/request/?type=4&limit=1', { headers })).json();
  const id: number = applications.results[0].id;

  // Both open the Summary tab of the same application.
  await signIn(page, 'portal_admin@demo.test');
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, 'rm_admin@demo.test');
  for (const screen of [page, other]) {
    await screen.goto(`/request/${id}`);
    await screen.getByRole('tab', { name: 'Summary' }).click();
    await expect(screen.getByRole('textbox', { name: 'Scientific title' })).toBeVisible();
  }

  // The RM admin saves first.
  await other.getByRole('textbox', { name: 'Scientific title' }).fill('Sleep and behaviour (their title)');
  await expect(other.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

  // The portal admin, still on the version they opened, saves second and meets the dialog.
  await page.getByRole('textbox', { name: 'Scientific title' }).fill('Sleep in autistic children (my title)');
  const dialog = page.getByRole('dialog', { name: 'Someone else saved this first' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('Changed by Demo Research Match Administrator at ');
  await expect(dialog.getByRole('alert')).toContainText('since you opened it');
  const row = dialog.getByRole('row', { name: /Scientific title/ });
  await expect(row).toContainText('Sleep and behaviour (their title)');
  await expect(row).toContainText('Sleep in autistic children (my title)');
  await expectNoAxeViolations(page);
  await look(page, 'edit-conflict-dialog');

  // Overwrite on purpose: mine is saved over theirs, and both see it.
  await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await other.reload();
  await other.getByRole('tab', { name: 'Summary' }).click();
  await expect(other.getByRole('textbox', { name: 'Scientific title' })).toHaveValue(
    'Sleep in autistic children (my title)',
  );

  // Now the RM admin is the one behind: they reload theirs and lose nothing they meant to keep.
  await page.getByRole('textbox', { name: 'Scientific title' }).fill('Sleep in autistic children, final');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await other.getByRole('textbox', { name: 'Scientific title' }).fill('A stale edit');
  const theirDialog = other.getByRole('dialog', { name: 'Someone else saved this first' });
  await expect(theirDialog).toBeVisible();
  await theirDialog.getByRole('button', { name: 'Reload theirs (discard mine)' }).click();
  await expect(other.getByRole('textbox', { name: 'Scientific title' })).toHaveValue(
    'Sleep in autistic children, final',
  );
  await otherContext.close();
});

/** Two sessions of staff, each in its own browser context, signed in. */
async function twoSessions(browser: Browser, page: Page, first: string, second: string) {
  await signIn(page, first);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, second);
  return { other, otherContext };
}

const conflictDialog = (screen: Page) =>
  screen.getByRole('dialog', { name: 'Someone else saved this first' });

/**
 * The other session saves `theirs` in the form's `field` first (its form closes); then this one,
 * still on the version it opened, saves `mine` and meets the dialog, whose row for the field shows
 * both. Answers the dialog.
 */
async function saveAfterTheirs(
  page: Page,
  other: Page,
  form: { field: string; save: string; theirs: string; mine: string },
) {
  await other.getByRole('textbox', { name: form.field }).fill(form.theirs);
  await other.getByRole('button', { name: form.save }).click();
  await expect(other.getByRole('textbox', { name: form.field })).toBeHidden();

  await page.getByRole('textbox', { name: form.field }).fill(form.mine);
  await page.getByRole('button', { name: form.save }).click();
  const dialog = conflictDialog(page);
  const row = dialog.getByRole('row', { name: new RegExp(form.field) });
  await expect(row).toContainText(form.theirs);
  await expect(row).toContainText(form.mine);
  return dialog;
}

test('two administrators edit one dataset’s details: the second meets the dialog and reloads theirs', async ({
  page,
  browser,
  request,
}) => {
  const headers = await apiHeaders(request, 'portal_admin@demo.test');
  const datasets = await (await request.get('/api/dataset/?is_latest=true&limit=1', { headers })).json();
  const dataset: { id: number; dataset_id: string; accession_id: string | null } = datasets.results[0];
  const stamp = Date.now();
  const { other, otherContext } = await twoSessions(
    browser,
    page,
    'portal_admin@demo.test',
    'portal_admin@demo.test',
  );
  // Opened by its UUID, as the catalogue links it.
  for (const screen of [page, other]) {
    await screen.goto(`/dataset/${dataset.dataset_id}?isUUID=true&mode=edit_details`);
    await expect(screen.getByRole('textbox', { name: 'Accession id' })).toBeVisible();
  }

  const dialog = await saveAfterTheirs(page, other, {
    field: 'Accession id',
    save: 'Save Details',
    theirs: `THEIRS-${stamp}`,
    mine: `MINE-${stamp}`,
  });
  // Their save went on to the catalogue, as a save of the details does.
  await expect(other).toHaveURL(/\/dataset\/?$/);
  await expect(dialog.getByRole('alert')).toContainText('since you opened it');
  await dialog.getByRole('button', { name: 'Reload theirs (discard mine)' }).click();
  await expect(page.getByRole('textbox', { name: 'Accession id' })).toHaveValue(`THEIRS-${stamp}`);

  const saved = await (await request.get(`/api/dataset/${dataset.id}/`, { headers })).json();
  expect(saved.accession_id).toBe(`THEIRS-${stamp}`);
  await request.patch(`/api/dataset/${dataset.id}/`, {
    headers,
    data: { accession_id: dataset.accession_id },
  });
  await otherContext.close();
});

test('two administrators edit one institution: the second meets the dialog and overwrites on purpose', async ({
  page,
  browser,
  request,
}) => {
  const headers = await apiHeaders(request, 'portal_admin@demo.test');
  const stamp = Date.now();
  const created = await request.post('/api/institution/', {
    headers,
    data: { name: `Conflict College ${stamp}`, official_name: `Conflict College ${stamp}` },
  });
  expect(created.status()).toBe(201);
  const institution: { id: number } = await created.json();
  const { other, otherContext } = await twoSessions(
    browser,
    page,
    'portal_admin@demo.test',
    'portal_admin@demo.test',
  );
  for (const screen of [page, other]) {
    await screen.goto(`/institution/${institution.id}`);
    await screen.getByRole('button', { name: 'Actions' }).click();
    await screen.getByRole('menuitem', { name: 'Edit institution' }).click();
  }

  const dialog = await saveAfterTheirs(page, other, {
    field: 'Phone number',
    save: 'Save Changes',
    theirs: '555-0101',
    mine: '555-0202',
  });
  await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
  // The dialog's table (which shows mine too) is gone before the page is read.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeHidden();
  // The institution's details show mine (its history's comparison table, refreshed, does too).
  await expect(page.getByRole('paragraph').filter({ hasText: /^555-0202$/ })).toBeVisible();

  const saved = await (await request.get(`/api/institution/${institution.id}/`, { headers })).json();
  expect(saved.phone_number).toBe('555-0202');
  await otherContext.close();
});

test('an access administrator and a portal administrator edit one user: the second meets the dialog and overwrites on purpose', async ({
  page,
  browser,
  request,
}) => {
  const headers = await apiHeaders(request, 'portal_admin@demo.test');
  const stamp = Date.now();
  const created = await request.post('/api/user/', {
    headers,
    data: { first_name: 'Casey', last_name: 'Conflict', email: `casey.${stamp}@conflict.test`, groups: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user: { id: number } = await created.json();
  const { other, otherContext } = await twoSessions(
    browser,
    page,
    'portal_admin@demo.test',
    'access_admin@demo.test',
  );
  for (const screen of [page, other]) {
    await screen.goto(`/user/${user.id}`);
    await screen.getByRole('button', { name: 'Edit' }).click();
  }

  const dialog = await saveAfterTheirs(page, other, {
    field: 'Title',
    save: 'Save',
    theirs: 'Their title',
    mine: 'My title',
  });
  await expect(dialog.getByRole('alert')).toContainText('Changed by Demo Access Administrator at ');
  await expectNoAxeViolations(page);
  await look(page, 'edit-conflict-user-dialog');
  await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeHidden();

  const saved = await (await request.get(`/api/user/${user.id}/`, { headers })).json();
  expect(saved.title).toBe('My title');
  await otherContext.close();
});

test('an administrator renames a researcher while My Profile is open: the researcher’s save meets the dialog and overwrites on purpose', async ({
  page,
  browser,
  request,
}) => {
  const headers = await apiHeaders(request, 'access_admin@demo.test');
  const stamp = Date.now();
  const institutions = await (
    await request.get('/api/institution/?search=Demo%20University&limit=20', { headers })
  ).json();
  const demoUniversity = institutions.results.find((row: { name: string }) => row.name === 'Demo University');
  // A researcher of their own, registered and verified through the API.
  const email = `morgan.${stamp}@demo.test`;
  const password = 'Profile-Conflict-1!';
  const registered = await request.post('/api/register-user/', {
    data: {
      first_name: 'Morgan',
      last_name: 'Profile',
      email,
      password,
      agreed_to_terms: true,
      institution: demoUniversity.id,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verify = await linkFromMail(email, /http:\/\/127\.0\.0\.1:\d+\/verify-user\?token=\S+/);
  expect(
    (await request.get(`/api/verify-user/?token=${new URL(verify).searchParams.get('token')}`)).status(),
  ).toBe(200);
  const users = await (
    await request.get(`/api/user/?search=${encodeURIComponent(email)}`, { headers })
  ).json();
  const researcher: { id: number } = users.results[0];

  // The researcher opens My Profile (signed in, they are first sent to the joinder).
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/joinder$/);
  await page.goto('/my-profile');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Morgan');

  // Meanwhile an access administrator opens the same account's admin form.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'access_admin@demo.test');
  await admin.goto(`/user/${researcher.id}`);
  await admin.getByRole('button', { name: 'Edit' }).click();

  const dialog = await saveAfterTheirs(page, admin, {
    field: 'First name',
    save: 'Save',
    theirs: 'Morgana',
    mine: 'Morgan-Lee',
  });
  await expect(dialog.getByRole('alert')).toContainText('Changed by Demo Access Administrator at ');
  await expect(dialog.getByRole('alert')).toContainText('since you opened it');
  // Only the field this save changes is compared.
  await expect(dialog.getByRole('row')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await look(page, 'edit-conflict-my-profile-dialog');

  await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Morgan-Lee');

  const saved = await (await request.get(`/api/user/${researcher.id}/`, { headers })).json();
  expect(saved.first_name).toBe('Morgan-Lee');
  await adminContext.close();
});
