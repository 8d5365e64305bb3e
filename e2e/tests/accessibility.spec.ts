import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

for (const path of ['/', '/login', '/no-such-page', '/terms-and-conditions']) {
  test(`${path} has no axe violations`, async ({ browser }) => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page);
  });
}

test('the signed-in home has no axe violations', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'portal_admin@demo.test');
  await expectNoViolations(page);
});
