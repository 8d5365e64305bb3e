import { test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

for (const path of ['/', '/login', '/no-such-page', '/terms-and-conditions']) {
  test(`${path} has no axe violations`, async ({ browser }) => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
  });
}

test('the signed-in home has no axe violations', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'portal_admin@demo.test');
  await expectNoAxeViolations(page);
});
