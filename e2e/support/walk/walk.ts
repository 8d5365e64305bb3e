import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../session';
import { readRows, recordRow, SHARED_RECORD, walkTable } from './record';
import { walkActors, type WalkActor } from './actors';
import { WALK_SCREENS, type WalkVia } from './table';
import {
  axePopovers,
  axeScreen,
  errorModal,
  idleCalls,
  IDLE_CALLS_LIMIT,
  IDLE_WINDOW_MS,
  PHONE,
  renderProblem,
  settle,
  sidewaysScroll,
  VisitLog,
  WIDE,
} from './visit';

/**
 * The walk runs axe itself, on each screen as it stands and with its popovers open, so its files
 * take Playwright's own `test` rather than the journeys' (support/test.ts), which copies every
 * screen for axe after the journey: the walk would check each screen twice.
 */

/** A signed-in page per actor, kept for the actor's screens; its sign-in outlives a worker restart. */
interface ActorPage {
  page: Page;
  log: VisitLog;
  /** Concrete addresses found for patterns, so each is looked for once. */
  addresses: Map<string, string>;
  signInProblems: string[];
}

const statePath = (actor: WalkActor) =>
  join(tmpdir(), `rrp-walk-state-${process.ppid}-${actor.key.replace(/\W+/g, '_')}.json`);

async function openActor(browser: Browser, actor: WalkActor): Promise<ActorPage> {
  const saved = statePath(actor);
  const context = await browser.newContext({
    viewport: WIDE,
    ...(actor.email && existsSync(saved) ? { storageState: saved } : {}),
  });
  const page = await context.newPage();
  const log = new VisitLog(page);
  let signInProblems: string[] = [];
  if (actor.email && !existsSync(saved)) {
    await signIn(page, actor.email);
    if (actor.switchTo) {
      await page.getByRole('combobox', { name: 'Viewing As' }).click();
      await page.getByRole('option', { name: actor.switchTo }).click();
      await expect(page.getByRole('combobox', { name: 'Viewing As' })).toHaveValue(actor.switchTo);
    }
    if (actor.actAs) {
      await page.goto('/');
      await page.getByRole('textbox', { name: "User's email" }).fill(actor.actAs);
      await page.getByRole('button', { name: 'Impersonate' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'You are acting as' })).toContainText(
        actor.actAs,
      );
    }
    await settle(log);
    // Where signing in lands is a screen too: what it refused is reported with the home's visit.
    signInProblems = [
      ...log.refused.map((call) => `refused while signing in: ${call}`),
      ...log.consoleErrors.map((text) => `console error while signing in: ${text}`),
    ];
    await context.storageState({ path: saved });
  }
  return { page, log, addresses: new Map(), signInProblems };
}

/**
 * Signs in through the form, as session.ts's `signIn` does, but lands wherever the account is sent
 * (a co-investigator to the joinder, an official to their institution's details).
 */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
}

/** A walked route: its pattern and the query, if any, that opens a part of the screen. */
const splitRoute = (route: string) => {
  const [pattern = route, query] = route.split('?');
  return { pattern, suffix: query ? `?${query}` : '' };
};

/** The concrete address of a route for this actor, found as a person would find it. */
async function addressOf(actor: WalkActor, at: ActorPage, route: string): Promise<string> {
  const { pattern, suffix } = splitRoute(route);
  const screen = WALK_SCREENS[pattern];
  if (!screen) throw new Error(`${pattern} is not in the walk table`);
  if (screen.address) return `${screen.address}${suffix}`;
  if (!screen.via) return route;
  let found = at.addresses.get(pattern);
  if (!found) {
    found = (await follow(actor, at, screen.via)) ?? undefined;
    if (!found)
      throw new Error(`${actor.key} finds no link to ${pattern} on ${screen.via.from.join(' or ')}`);
    at.addresses.set(pattern, found);
  }
  return `${found}${suffix}`;
}

// The first cell: a click in the middle of a row may land on a button of its own (View Abstract).
const DEFAULT_ROW = 'main tbody tr td:first-child';

async function follow(actor: WalkActor, at: ActorPage, via: WalkVia): Promise<string | null> {
  const own = (from: string) =>
    actor.routes.includes(from) || actor.routes.includes(splitRoute(from).pattern);
  const candidates = [...via.from.filter(own), ...via.from.filter((from) => !own(from))];
  const pattern = new RegExp(via.link);
  const matches = (url: URL) => pattern.test(`${url.pathname.replace(/(.)\/$/, '$1')}${url.search}`);
  for (const from of candidates) {
    const start = from.includes(':') ? await addressOf(actor, at, from).catch(() => null) : from;
    if (!start) continue;
    await at.page.goto(start);
    await at.page
      .locator('main h1')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
    await settle(at.log);
    const hrefs = await at.page
      .locator('main a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const href = hrefs.map((value) => new URL(value, 'http://walk.invalid')).find(matches);
    if (href) return `${href.pathname}${href.search}`;
    const row = at.page.locator(via.row ?? DEFAULT_ROW).first();
    if (await row.count()) {
      await row.click({ timeout: 5_000 }).catch(() => undefined);
      const opened = await at.page
        .waitForURL(matches, { timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      const url = new URL(at.page.url());
      if (opened) return `${url.pathname}${url.search}`;
    }
  }
  return null;
}

/** Visits one screen at both widths; answers what failed, each line naming the width. */
async function visit(actor: WalkActor, at: ActorPage, route: string, file: string): Promise<string[]> {
  const { page, log } = at;
  const screen = WALK_SCREENS[splitRoute(route).pattern]!;
  await page.setViewportSize(WIDE);
  let address: string;
  try {
    address = await addressOf(actor, at, route);
  } catch (error) {
    for (const size of [WIDE, PHONE]) recordRow(failedRow(file, route, actor, size.width));
    throw error;
  }
  const problems: string[] =
    route === '/' ? at.signInProblems.map((line) => `${route} as ${actor.key}: ${line}`) : [];
  for (const size of [WIDE, PHONE]) {
    const at390 = size.width === PHONE.width;
    const found: string[] = [];
    log.reset();
    if (at390) await page.setViewportSize(PHONE);
    // The wide visit loads the page afresh; the phone one resizes the same page, as a window would.
    else await page.goto(address);
    const rendered = await renderProblem(page, screen.notFoundPage === true);
    if (rendered) found.push(rendered);
    await settle(log);
    // Axe reads the screen inside the idle window; popovers are opened after it, since opening
    // one may ask the API (a select's options).
    const { idle, result: axe } = await idleCalls(log, at390 ? 1_000 : IDLE_WINDOW_MS, () => axeScreen(page));
    // Looked for once the calls have answered: the modal opens when a refusal arrives.
    const modal = await errorModal(page);
    if (modal) found.push(modal);
    if (idle.length > IDLE_CALLS_LIMIT) {
      found.push(`${idle.length} API calls while idle (${summarise(idle)})`);
    }
    if (at390) {
      const overflow = await sidewaysScroll(page);
      if (overflow) found.push(`sideways scroll: ${overflow}`);
    }
    // Popovers are opened once, at 1366 px: their markup does not change with the width.
    if (!at390 && !rendered) {
      const popovers = await axePopovers(page);
      axe.findings.push(...popovers.findings);
      axe.checked += popovers.checked;
    }
    found.push(...axe.findings.map((finding) => `axe ${finding}`));
    found.push(...log.refused.map((call) => `refused: ${call}`));
    found.push(...log.consoleErrors.map((text) => `console error: ${text}`));
    recordRow({
      file,
      route,
      actor: actor.key,
      width: size.width,
      calls: log.calls.length,
      refused: log.refused.length,
      idle: idle.length,
      consoleErrors: log.consoleErrors.length,
      axe: axe.findings.length,
      axeChecked: axe.checked,
      ok: found.length === 0,
    });
    problems.push(...found.map((line) => `${route} as ${actor.key} at ${size.width} px: ${line}`));
  }
  return problems;
}

/** The row of a visit that could not start: the screen was not found. */
const failedRow = (file: string, route: string, actor: WalkActor, width: number) => ({
  file,
  route,
  actor: actor.key,
  width,
  calls: 0,
  refused: 0,
  idle: 0,
  consoleErrors: 0,
  axe: 0,
  axeChecked: 0,
  ok: false,
});

/** The calls of a storm, counted by address. */
function summarise(calls: string[]): string {
  const counts = new Map<string, number>();
  for (const call of calls) counts.set(call, (counts.get(call) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([call, count]) => `${count}× ${call}`)
    .join(', ');
}

/**
 * One test per (actor, screen): the actor signs in once, then opens each of their screens as a
 * person would reach it, at 1366 px and at 390 px. `specFile` is the calling file's
 * `import.meta.filename`.
 */
export function walk(specFile: string, keys: string[]): void {
  const file = basename(specFile);
  const actors = walkActors(keys);
  const visits = actors.reduce((sum, actor) => sum + actor.routes.length * 2, 0);
  let failedHere = false;

  for (const actor of actors) {
    test.describe(actor.key, () => {
      let at: ActorPage;
      test.beforeAll(async ({ browser }) => {
        at = await openActor(browser, actor);
      });
      test.afterAll(async () => {
        await at?.page.context().close();
      });
      for (const route of actor.routes) {
        test(route, async () => {
          expect(await visit(actor, at, route, file), `${route} as ${actor.key}`).toEqual([]);
        });
      }
    });
  }

  // Playwright reads a hook's fixtures from its first parameter's pattern; this one needs none.
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) failedHere = true;
  });
  // Run alone, a walk file prints its table: at the end of the file, from the worker that ends it.
  test.afterAll(async () => {
    if (SHARED_RECORD) return;
    const rows = readRows().filter((row) => row.file === file);
    if (rows.length >= visits || !failedHere) process.stdout.write(`\n${walkTable(rows)}\n`);
  });
}
