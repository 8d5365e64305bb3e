import { expect, test } from '../support/test';
import { look } from '../support/look';
import { signIn } from '../support/session';

/**
 * Issue 33: a reviewer subscribes a calendar to their dates. The feed is read as a calendar app
 * reads it, without a session; a regenerated address retires the old one at once.
 */
test('a reviewer turns on their calendar feed, copies it, sees their review due, and regenerates it', async ({
  page,
  context,
  playwright,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'external_reviewer@demo.test');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

  const card = page.getByRole('region', { name: 'Calendar feed' });
  await card.getByRole('button', { name: 'Turn on' }).click();
  const field = card.getByRole('textbox', { name: 'Calendar address' });
  await expect(field).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await field.inputValue());
  await look(page, 'my-profile-calendar-feed');

  // A calendar app: no cookies, no token.
  const calendarApp = await playwright.request.newContext();
  const feed = await calendarApp.get(copied);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  // The application they review, due at noon in three weeks (the demo's Research Match review).
  expect(text).toMatch(/UID:review-due-\d+@127\.0\.0\.1:\d+\r\n/);
  expect(text).toMatch(/SUMMARY:Review due: RM\d{4} \(/);
  expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);

  await card.getByRole('button', { name: 'Regenerate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate the calendar address?' });
  await expect(confirm).toContainText('The current address stops working at once.');
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await expect(field).not.toHaveValue(copied);
  const fresh = await field.inputValue();
  expect((await calendarApp.get(copied)).status()).toBe(404);
  expect((await calendarApp.get(fresh)).status()).toBe(200);

  // Turned off, no address works, and the card offers to turn it on again.
  await card.getByRole('button', { name: 'Turn off' }).click();
  await page
    .getByRole('dialog', { name: 'Turn off the calendar feed?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(card.getByRole('button', { name: 'Turn on' })).toBeVisible();
  expect((await calendarApp.get(fresh)).status()).toBe(404);
  await calendarApp.dispose();
});
