import { basename } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ActorPage } from './actor-page';
import { walkActors, type WalkActor } from './actors';
import { oneLoadAtATime, VisitPool, type PlannedVisit } from './pool';
import { readRows, recordRow, SHARED_RECORD, walkTable, type WalkRow } from './record';
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
  WIDE,
} from './visit';

/**
 * The walk runs axe itself, on each screen as it stands and with its popovers open, so its files
 * take Playwright's own `test` rather than the journeys' (support/test.ts), which copies every
 * screen for axe after the journey: the walk would check each screen twice.
 */

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
    await oneLoadAtATime(async () => {
      await at.page.goto(start);
      await at.page
        .locator('main h1')
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
      await settle(at.log);
    });
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

/**
 * Visits one screen at both widths, adding each width's row to `rows`; answers what failed, each
 * line naming the width. What signing in refused is reported with the home's visit.
 */
async function visit(
  { actor, route }: PlannedVisit,
  at: ActorPage,
  signInProblems: string[],
  rows: WalkRow[],
  file: string,
): Promise<string[]> {
  const { page, log } = at;
  const screen = WALK_SCREENS[splitRoute(route).pattern]!;
  await page.setViewportSize(WIDE);
  let address: string;
  try {
    address = await addressOf(actor, at, route);
  } catch (error) {
    for (const size of [WIDE, PHONE]) rows.push(failedRow(file, route, actor, size.width));
    throw error;
  }
  const problems: string[] =
    route === '/' ? signInProblems.map((line) => `${route} as ${actor.key}: ${line}`) : [];
  for (const size of [WIDE, PHONE]) {
    const at390 = size.width === PHONE.width;
    const found: string[] = [];
    log.reset();
    const rendered = await oneLoadAtATime(async () => {
      if (at390) await page.setViewportSize(PHONE);
      // The wide visit loads the page afresh; the phone one resizes the same page, as a window would.
      else await page.goto(address);
      const problem = await renderProblem(page, screen.notFoundPage === true);
      await settle(log);
      return problem;
    });
    if (rendered) found.push(rendered);
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
    rows.push({
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
 * person would reach it, at 1366 px and at 390 px. The visits run a few at a time (pool.ts), in the
 * tests' order; each test reports its own visit and writes its rows. `specFile` is the calling
 * file's `import.meta.filename`.
 */
export function walk(specFile: string, keys: string[]): void {
  const file = basename(specFile);
  const actors = walkActors(keys);
  const planned: PlannedVisit[] = actors.flatMap((actor) => actor.routes.map((route) => ({ actor, route })));
  const visits = planned.length * 2;
  let pool: VisitPool | null = null;
  let failedHere = false;

  for (const actor of actors) {
    test.describe(actor.key, () => {
      for (const route of actor.routes) {
        const index = planned.findIndex((one) => one.actor === actor && one.route === route);
        test(route, async ({ browser, baseURL }) => {
          pool ??= new VisitPool(browser, baseURL!, planned, index, (one, at, signInProblems, rows) =>
            visit(one, at, signInProblems, rows, file),
          );
          const { rows, problems, error } = await pool.outcome(index);
          rows.forEach(recordRow);
          if (error) throw error;
          expect(problems, `${route} as ${actor.key}`).toEqual([]);
        });
      }
    });
  }

  // Playwright reads a hook's fixtures from its first parameter's pattern; this one needs none.
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) failedHere = true;
  });
  // The visits under way when the file ends (or a test failed and the worker stops) end unrecorded.
  test.afterAll(async () => {
    await pool?.stop();
    pool = null;
  });
  // Run alone, a walk file prints its table: at the end of the file, from the worker that ends it.
  test.afterAll(async () => {
    if (SHARED_RECORD) return;
    const rows = readRows().filter((row) => row.file === file);
    if (rows.length >= visits || !failedHere) process.stdout.write(`\n${walkTable(rows)}\n`);
  });
}
