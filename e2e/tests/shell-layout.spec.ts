import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { apiHeaders } from '../support/requests';
import { signIn, signOut } from '../support/session';

// Many screens per person on a machine the whole team shares.
test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };

/** The id of the first row a person's list call answers (a request, project or institution). */
async function firstId(request: APIRequestContext, email: string, list: string): Promise<number> {
  const headers = await apiHeaders(request, email);
  const page = await (await request.get(`/api/${list}/?limit=1`, { headers })).json();
  return page.results[0].id;
}

/** Opens a screen and waits for its data: the network quiet, no skeleton or loader left. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0);
}

/** The screens open one after another, none of them wider than the phone. */
async function expectNoSidewaysScroll(page: Page, paths: string[]) {
  for (const path of paths) {
    await open(page, path);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widths.page, `${path} is no wider than the screen`).toBeLessThanOrEqual(widths.screen);
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a visitor reads the public screens without scrolling sideways', async ({ page }) => {
    await expectNoSidewaysScroll(page, ['/', '/login', '/register', '/public-resources', '/public/user']);
  });

  test('a researcher works without scrolling sideways', async ({ page, request }) => {
    const email = 'primary_researcher@demo.test';
    await signIn(page, email);
    const requestId = await firstId(request, email, 'request');
    const projectId = await firstId(request, email, 'project');
    await expectNoSidewaysScroll(page, [
      '/',
      '/project',
      '/request',
      '/dataset',
      '/project/create',
      '/request/create',
      '/compliance_researcher',
      '/my-profile',
      `/request/${requestId}`,
      `/project/${projectId}`,
    ]);
  });

  test('a researcher reaches every link, My Profile and Log out from the menu', async ({ page }) => {
    await signIn(page, 'primary_researcher@demo.test');
    // The header keeps to one row: the navigation waits behind the burger.
    await open(page, '/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(banner.getByRole('button', { name: /Notifications/ })).toBeVisible();
    const burger = banner.getByRole('button', { name: 'Menu' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const nav = menu.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([
      'Project Updates Dashboard',
      'Projects',
      'Requests',
      'Datasets',
    ]);
    await nav.getByRole('link', { name: 'Datasets' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Datasets' })).toBeVisible();

    await burger.click();
    await menu.getByRole('link', { name: 'My Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(menu).toBeHidden();

    await burger.click();
    await signOut(page, menu.getByRole('button', { name: 'Log out' }));
  });

  test('an administrator finds the View menu, search and account in the menu, and no screen scrolls sideways', async ({
    page,
    request,
  }) => {
    const email = 'portal_admin@demo.test';
    await signIn(page, email);
    const requestId = await firstId(request, email, 'request');
    const institutionId = await firstId(request, email, 'institution');
    await expectNoSidewaysScroll(page, [
      '/',
      '/resource-request',
      '/institution',
      `/institution/${institutionId}`,
      '/request',
      `/request/${requestId}`,
      '/project',
      '/dataset',
      '/compliance',
      '/dataaccess',
      '/restricted_resources',
      '/form_tester',
    ]);

    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(
      menu.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Institutions' }),
    ).toBeVisible();
    await expect(menu.getByRole('combobox', { name: 'Search' })).toBeVisible();
    // Staff have a logout menu, no profile.
    await expect(menu.getByRole('link', { name: 'My Profile' })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
    await menu.getByRole('link', { name: 'Compliance' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'SBSO Compliance' })).toBeVisible();
  });

  test('a signing official and a two-role staff member work without scrolling sideways', async ({ page }) => {
    await signIn(page, 'sbso@demo.test');
    await expectNoSidewaysScroll(page, ['/', '/annual-researcher-review', '/my-profile']);
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await signOut(page, page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' }));

    await signIn(page, 'staff@demo.test');
    await expectNoSidewaysScroll(page, ['/', '/institution']);
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Menu' }).getByRole('combobox', { name: 'Viewing As' }),
    ).toHaveValue('Viewing As: Portal Base Administrator');
  });
});

test.describe('on a 1280 px screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** The element shows all of its content: nothing hidden behind a scroll of its own. */
  const expectUnclipped = async (page: Page, selector: string) =>
    expect(
      await page.locator(selector).evaluate((element) => element.scrollWidth - element.clientWidth),
      `${selector} shows everything`,
    ).toBeLessThanOrEqual(0);

  test('the role switcher reads in full', async ({ page }) => {
    await signIn(page, 'staff@demo.test');
    const switcher = page.getByRole('combobox', { name: 'Viewing As' });
    await expect(switcher).toHaveValue('Viewing As: Portal Base Administrator');
    expect(await switcher.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(
      true,
    );
  });

  test('a new team member row shows its Access switch and Remove without scrolling', async ({ page }) => {
    await signIn(page, 'primary_researcher@demo.test');
    await open(page, '/project/create');
    await page.getByRole('button', { name: 'Add Team Member' }).click();
    await expect(page.getByRole('switch', { name: 'Access for team member 2' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove team member 2' })).toBeVisible();
    await expectUnclipped(page, '[role="region"][aria-label="Research team editor"]');
  });

  test('the Resource Requests centre keeps every row’s Open in view', async ({ page }) => {
    await signIn(page, 'portal_admin@demo.test');
    await open(page, '/resource-request');
    const table = (await page.getByRole('table', { name: 'Resource requests' }).boundingBox())!;
    const opens = await page.getByRole('button', { name: /^Open request R\d+$/ }).all();
    expect(opens.length).toBeGreaterThan(0);
    for (const button of opens) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, 'Open ends inside the table').toBeLessThanOrEqual(table.x + table.width);
    }
  });

  test('a researcher’s Recent Requests are newest first', async ({ page, request }) => {
    const email = 'primary_researcher@demo.test';
    await signIn(page, email);
    const headers = await apiHeaders(request, email);
    const all = await (await request.get('/api/request/?limit=100', { headers })).json();
    type Row = { id: number; created: string; portal_request_id: string };
    const newestFirst = (all.results as Row[])
      .sort((a, b) => Date.parse(b.created) - Date.parse(a.created) || b.id - a.id)
      .map((row) => row.portal_request_id);
    const rows = page.getByRole('table', { name: 'Your recent requests' }).getByRole('row');
    await expect(rows.nth(1)).toContainText(newestFirst[0]!);
    const shown = (await rows.allTextContents()).slice(1).map((row) => /R\d+/.exec(row)![0]);
    expect(shown).toEqual(newestFirst.slice(0, shown.length));
  });
});

test('the ABN project manager’s header keeps to one line at 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'abn_proj_mgr@demo.test');
  await open(page, '/');
  const banner = page.getByRole('banner');
  const entries = [
    ...(await banner.getByRole('navigation', { name: 'Main' }).getByRole('link').all()),
    banner.getByRole('link', { name: /home$/ }),
    banner.getByRole('button', { name: /Account menu/ }),
  ];
  expect(entries.length).toBeGreaterThan(5);
  for (const entry of entries) {
    const box = await entry.boundingBox();
    // One line of text and its padding; a second line would make it about 52 px tall.
    expect(box!.height, `${await entry.textContent()} keeps to one line`).toBeLessThanOrEqual(40);
  }
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
});
