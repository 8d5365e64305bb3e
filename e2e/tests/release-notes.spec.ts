import { expect, test } from '../support/test';
import { signIn } from '../support/session';

test('a superuser writes, releases and deletes a release note; a researcher reads the released one', async ({
  browser,
}) => {
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'superuser@demo.test');
  await staff.getByRole('button', { name: 'View menu' }).click();
  await staff.getByRole('menuitem', { name: 'Release Notes' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Release Notes' })).toBeVisible();

  // A new note: only digits and dots can be typed into the version.
  await staff.getByRole('button', { name: 'New Release Note' }).click();
  const form = staff.getByRole('form', { name: 'New release note' });
  const version = form.getByRole('textbox', { name: 'Version' });
  await version.pressSequentially('v2.5-beta');
  await expect(version).toHaveValue('2.5');
  const text = form.getByRole('textbox', { name: 'Release notes' });
  await text.click();
  await text.pressSequentially('Faster search. ');
  await staff.keyboard.press('Control+b');
  await text.pressSequentially('New filters');
  await form.getByRole('button', { name: 'Save Draft' }).click();

  const note = staff.getByRole('article', { name: 'Version 2.5' });
  await expect(note).toBeVisible();
  await expect(note.getByText('Draft', { exact: true })).toBeVisible();
  await expect(note.locator('strong')).toHaveText('New filters');

  // The draft is the superusers' alone.
  const researcher = await (await browser.newContext()).newPage();
  await signIn(researcher, 'primary_researcher@demo.test');
  await researcher.goto('/release-notes');
  await expect(researcher.getByRole('heading', { level: 1, name: 'Release Notes' })).toBeVisible();
  await expect(researcher.getByText('There are no release notes yet.')).toBeVisible();

  // Releasing asks first, then tells everyone.
  await note.getByRole('button', { name: 'Release' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Release 2.5?' });
  await confirm.getByRole('button', { name: 'Release' }).click();
  await expect(note.getByText('Draft', { exact: true })).toHaveCount(0);
  await expect(note.getByText(/^Released /)).toBeVisible();
  await expect(note.getByRole('button', { name: 'Release' })).toHaveCount(0);

  await researcher.reload();
  const released = researcher.getByRole('article', { name: 'Version 2.5' });
  await expect(released.getByText('Faster search.')).toBeVisible();
  await expect(researcher.getByRole('combobox', { name: 'Release' })).toHaveValue('2.5');
  await expect(released.getByRole('button')).toHaveCount(0);
  await researcher.getByRole('button', { name: /Notifications/ }).click();
  await researcher.getByRole('menuitem', { name: /Release 2\.5 is available/ }).click();
  await expect(researcher).toHaveURL(/\/release-notes$/);

  // The superuser deletes it; the researcher no longer sees it.
  await note.getByRole('button', { name: 'Delete' }).click();
  await staff
    .getByRole('dialog', { name: 'Delete release 2.5?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(staff.getByText('There are no release notes yet.')).toBeVisible();
  await researcher.reload();
  await expect(researcher.getByText('There are no release notes yet.')).toBeVisible();
});

test('the version field says what is wrong before anything is saved', async ({ page }) => {
  await signIn(page, 'superuser@demo.test');
  await page.goto('/release-notes');
  await page.getByRole('button', { name: 'New Release Note' }).click();
  const form = page.getByRole('form', { name: 'New release note' });
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(form.getByText('Required', { exact: true })).toBeVisible();
  await form.getByRole('textbox', { name: 'Version' }).fill('1..2');
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(form.getByText('Use digits and dots only, e.g. 2.4.1.')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('There are no release notes yet.')).toBeVisible();
});
