import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

test.describe.configure({ timeout: 120_000 });

const group = (page: Page, name: RegExp) => page.getByRole('radiogroup', { name });

test('staff try the iPSC form: empty submit, a follow-up, then the cleaned values', async ({ page }) => {
  await signIn(page, 'portal_admin@demo.test');
  await page.goto('/form_tester');
  await expect(page.getByRole('heading', { level: 1, name: 'Form Tester' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Biospecimens' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'iPSC Request' }).click();
  await expect(page).toHaveURL(/\/form_tester\/ipsc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'iPSC Request' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Submitting empty marks every required field.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The form has errors' })).toBeVisible();
  const usage = page.getByRole('textbox', { name: 'How will the samples be used?' });
  await expect(usage).toHaveAttribute('aria-invalid', 'true');
  await expect(usage).toHaveAccessibleDescription('Required field');
  expect(await page.getByText('Required field', { exact: true }).count()).toBeGreaterThan(10);
  await expectNoAxeViolations(page);

  // The modification follow-ups open on 'Yes', with the product's name in the agreement.
  const modifying = group(page, /Will you modify the iPSCs/);
  await modifying.getByRole('radio', { name: 'Yes' }).check();
  const share = page.getByRole('checkbox', {
    name: /I will share at least 2 vials .* with Research Resource Portal/,
  });
  await expect(share).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('group', { name: /^Sharing modified iPSCs/ })).toHaveAccessibleDescription(
    'This is required by Research Resource Portal to continue',
  );
  await expect(page.getByRole('textbox', { name: 'Describe the modifications' })).toBeVisible();
  await expectNoAxeViolations(page);
  // ...and close on 'No', taking their answers with them.
  await share.check();
  await modifying.getByRole('radio', { name: 'No' }).check();
  await expect(share).toBeHidden();

  // Answer the rest and submit.
  const samples = page.getByRole('combobox', { name: 'Sample IDs' });
  await samples.fill('11000-p1, 11000-mo, 11000-p1 ');
  await samples.press('Enter');
  await usage.fill('Cortical organoids from the cells.');
  await page
    .getByRole('textbox', { name: "Describe your lab's experience culturing iPSCs" })
    .fill('Ten years.');
  await page.getByRole('checkbox', { name: 'Genotyping array' }).check();
  await group(page, /remaining biospecimens be destroyed/)
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('textbox', { name: 'Recipient full name' }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: 'Position / title' }).fill('Lab manager');
  await page.getByRole('textbox', { name: 'Recipient e-mail' }).fill('ada@example.org');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('555-0100');
  await page.getByRole('textbox', { name: 'Street address' }).fill('1 Main St');
  await page.getByRole('textbox', { name: 'City' }).fill('Springfield');
  await page.getByRole('textbox', { name: 'State / region' }).fill('IL');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('62701');
  await page.getByRole('textbox', { name: 'Country' }).fill('USA');
  // The vendor list comes from response-selection; a vendor asks for its account number.
  await page.getByRole('combobox', { name: 'Shipping vendor' }).click();
  await page.getByRole('option', { name: 'FedEx' }).click();
  await page.getByRole('textbox', { name: 'Shipping vendor account number' }).fill('123456789');

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Submitted values' })).toBeVisible();
  const submitted = JSON.parse((await page.getByTestId('cleaned-values').textContent()) ?? '{}');
  expect(submitted).toMatchObject({
    samples: ['11000-p1', '11000-mo'],
    ipsc_modifying: 'no',
    genetic_seq: ['genotyping'],
    shipping_vendor: 'FedEx',
    shipping_vendor_account_number: '123456789',
  });
  expect(submitted).not.toHaveProperty('share_with_simons');
  await expectNoAxeViolations(page);
});

test('an unknown form is reported', async ({ page }) => {
  await signIn(page, 'portal_admin@demo.test');
  await page.goto('/form_tester');
  await page.getByRole('textbox', { name: 'Form id' }).fill('no_such_form');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to load schema: /forms/no_such_form.json');
  await expectNoAxeViolations(page);
});

test('researchers cannot open the form tester', async ({ page }) => {
  await signIn(page, 'primary_researcher@demo.test');
  await page.goto('/form_tester/ipsc');
  await expect(page).toHaveURL(/\/404$/);
});
