import { expect, test, type Browser, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { apiHeaders } from '../support/requests';
import { signIn } from '../support/session';
import { look } from '../support/look';

/**
 * The tissue order (issue 18, decisions 241–243): the administrator approves the demo's tissue
 * request waiting at Make Decision, sends its order to BINS (the local stand-in) and edits it; the
 * researcher then reads the order and finds the collection locked.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const ADMIN = 'portal_admin@demo.test';
const RESEARCHER = 'tissue.orderer@demo.test';

async function personPage(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

async function pick(page: Page, combobox: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('approve, send the order to BINS, edit it; the researcher reads it', async ({ browser, request }) => {
  const headers = await apiHeaders(request, ADMIN);
  const found = (await (
    await request.get('/api/request/?type=8&status=8&limit=100', { headers })
  ).json()) as {
    results: { id: number; owner: { id: number; display_name: string } }[];
  };
  const { id, owner } = found.results.find((row) => row.owner.display_name === 'Orla Orderer')!;
  // The researcher's profile holds where they work: a new order starts addressed there.
  const profile = await request.patch(`/api/user/${owner.id}/`, {
    headers: await apiHeaders(request, RESEARCHER),
    data: {
      address: '7 Orchard Lane',
      city: 'Worcester',
      region: 'MA',
      postal_code: '01609',
      country: 'United States',
      phone_number: '508-555-0147',
    },
  });
  expect(profile.status()).toBe(200);

  // 1. The administrator approves the tissue request; the order tabs appear.
  const admin = await personPage(browser, ADMIN);
  await admin.goto(`/request/${id}`);
  await expect(admin.getByRole('tab', { name: 'Order Details' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Make a Decision' }).click();
  const dialog = admin.getByRole('dialog', { name: /^Make a Decision/ });
  await dialog.getByRole('radio', { name: 'Approve (Approved)' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Skip e-mail' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('The request is now Approved.')).toBeVisible();

  // 2. An incomplete order is refused on the form; a complete one goes to BINS.
  await admin.getByRole('tab', { name: 'Order Details' }).click();
  const form = admin.getByRole('form', { name: 'Tissue order' });
  // Filled from the researcher's profile (the demo request has no shipping answers).
  await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Orla Orderer');
  await expect(form.getByRole('textbox', { name: /^Email/ })).toHaveValue(RESEARCHER);
  await expect(form.getByRole('textbox', { name: /^Address line 1/ })).toHaveValue('7 Orchard Lane');
  await expect(form.getByRole('textbox', { name: /^City/ })).toHaveValue('Worcester');
  await expect(form.getByRole('textbox', { name: /^Phone number 1/ })).toHaveValue('508-555-0147');
  await form.getByRole('textbox', { name: /^Name/ }).fill('');
  await form.getByRole('button', { name: 'Send Order to BINS' }).click();
  await expect(form.getByText('This field is required.').first()).toBeVisible();
  await form.getByRole('textbox', { name: /^Name/ }).fill('Dana Receiver');
  await form.getByRole('textbox', { name: /^Email/ }).fill('dana.receiver@lab.example');
  await form.getByRole('textbox', { name: /^Address line 1/ }).fill('1 Lab Way');
  await form.getByRole('textbox', { name: /^City/ }).fill('Boston');
  await form.getByRole('textbox', { name: /^State or province/ }).fill('MA');
  await form.getByRole('textbox', { name: /^Postal code/ }).fill('02115');
  await form.getByRole('textbox', { name: /^Country/ }).fill('United States');
  await form.getByRole('textbox', { name: /^Phone number 1/ }).fill('+1 617 555 0100');
  await pick(admin, 'Donor 1', /^ABN-/);
  await pick(admin, 'Hemisphere or tissue', 'Left Hemisphere');
  await form.getByRole('textbox', { name: 'Description' }).fill('Superior temporal gyrus, BA22');
  await look(admin, 'abn-order-form');
  await expectNoAxeViolations(admin);
  await form.getByRole('button', { name: 'Send Order to BINS' }).click();
  await expect(admin.getByText('Order sent to BINS')).toBeVisible();

  // 3. Edit the previous order: another phone number.
  await expect(form.getByRole('button', { name: 'Update Order' })).toBeVisible();
  await form.getByRole('button', { name: 'Add phone number' }).click();
  await form.getByRole('textbox', { name: /^Phone number 2/ }).fill('617-555-0199');
  await form.getByRole('button', { name: 'Update Order' }).click();
  await expect(admin.getByText('Order sent to BINS').last()).toBeVisible();
  await admin.getByRole('tab', { name: 'Previous Orders' }).click();
  await expect(admin.getByRole('button', { name: /^Order LOCAL-/ })).toBeVisible();
  await expect(admin.getByText('+1 617 555 0100, 617-555-0199')).toBeVisible();
  await look(admin, 'abn-previous-orders');
  await expectNoAxeViolations(admin);

  // 4. The order tabs are the tissue staff's (researcher §3, decision 331); the researcher's
  // collection is locked.
  const researcher = await personPage(browser, RESEARCHER);
  await researcher.goto(`/request/${id}`);
  await expect(researcher.getByRole('tab', { name: 'Request Details' })).toBeVisible();
  await expect(researcher.getByRole('tab', { name: 'Order Details' })).toHaveCount(0);
  await expect(researcher.getByRole('tab', { name: 'Previous Orders' })).toHaveCount(0);
  await look(researcher, 'abn-order-researcher');
  await expectNoAxeViolations(researcher);
  await researcher.getByRole('tab', { name: 'Collection' }).click();
  await expect(
    researcher.getByText('This collection can no longer be changed: its request is Approved.'),
  ).toBeVisible();
  await expect(researcher.getByRole('link', { name: 'Edit Collection' })).toHaveCount(0);
});
