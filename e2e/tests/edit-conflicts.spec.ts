import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { apiHeaders } from '../support/requests';
import { signIn } from '../support/session';
import { look } from '../support/look';

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
