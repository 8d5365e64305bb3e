import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { axeFindings, transitionsEnded } from '../axe';
import { AXE_MARKS, fingerprint, firstTime } from '../axe-coverage';

export const WIDE = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** No request storms: at most this many API calls in the idle window after a screen settled. */
export const IDLE_WINDOW_MS = 2_000;
export const IDLE_CALLS_LIMIT = 3;
/** Popovers opened per screen (menus, date pickers, selects), first ones first. */
const POPOVERS_PER_SCREEN = 3;
const QUIET_MS = 500;
const SETTLE_LIMIT_MS = 10_000;
const NOT_FOUND_TITLE = 'Looking for something?';
const POPOVER = `${AXE_MARKS}walk-popover`;

/** What one page did during a visit: its API calls and their answers, and its console errors. */
export class VisitLog {
  calls: string[] = [];
  refused: string[] = [];
  consoleErrors: string[] = [];
  inFlight = 0;
  lastActivity = Date.now();

  constructor(readonly page: Page) {
    page.on('request', (request) => {
      this.inFlight += 1;
      this.lastActivity = Date.now();
      if (isApi(request.url())) this.calls.push(`${request.method()} ${apiPath(request.url())}`);
    });
    const done = () => {
      this.inFlight = Math.max(0, this.inFlight - 1);
      this.lastActivity = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('response', (response) => {
      const status = response.status();
      if (isApi(response.url()) && (status === 403 || status >= 500)) {
        this.refused.push(`${status} ${response.request().method()} ${apiPath(response.url())}`);
      }
    });
    page.on('console', (message) => {
      if (message.type() === 'error') this.consoleErrors.push(clip(message.text()));
    });
    page.on('pageerror', (error) => this.consoleErrors.push(clip(`uncaught: ${error.message}`)));
  }

  /** Starts counting afresh (the calls made to find the address are not the screen's). */
  reset(): void {
    this.calls = [];
    this.refused = [];
    this.consoleErrors = [];
  }
}

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
const apiPath = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const clip = (text: string) => (text.length > 240 ? `${text.slice(0, 240)}…` : text);

/** Waits (within limits) until no request has been in flight for a while. */
export async function settle(log: VisitLog): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  await new Promise((resolve) => setTimeout(resolve, 100));
  while (Date.now() < deadline) {
    if (log.inFlight === 0 && Date.now() - log.lastActivity >= QUIET_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await transitionsEnded(log.page).catch(() => undefined);
}

/**
 * The API calls the settled page makes while nobody touches it. `meanwhile` runs inside the window
 * (axe on the screen, which makes no calls), so the window costs the walk no time of its own.
 */
export async function idleCalls<T>(
  log: VisitLog,
  windowMs: number,
  meanwhile: () => Promise<T>,
): Promise<{ idle: string[]; result: T }> {
  const before = log.calls.length;
  const windowEnds = Date.now() + windowMs;
  const result = await meanwhile();
  const left = windowEnds - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return { idle: log.calls.slice(before), result };
}

/** Why the page does not show its own screen, or null when it does. */
export async function renderProblem(page: Page, notFoundPage: boolean): Promise<string | null> {
  const heading = page.locator('main h1').first();
  const shown = await heading
    .waitFor({ state: 'visible', timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  if (!shown) return 'no page heading (main h1) appeared';
  const title = (await heading.innerText()).trim();
  if (!notFoundPage && title === NOT_FOUND_TITLE)
    return `the not-found page "${NOT_FOUND_TITLE}" (${page.url()})`;
  if (notFoundPage && title !== NOT_FOUND_TITLE) return `"${title}" instead of the not-found page`;
  return null;
}

/** The error modal the app opens over a screen for a refused or failed call, or null. */
export async function errorModal(page: Page): Promise<string | null> {
  const modal = page.locator('[role="dialog"]:visible', { hasText: /Permissions Issue|Server Error/ });
  if (!(await modal.count())) return null;
  return `an error modal: ${clip((await modal.first().innerText()).replace(/\s+/g, ' '))}`;
}

/** Whether the page scrolls sideways: what overflows, or null. */
export async function sidewaysScroll(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const { scrollWidth } = document.documentElement;
    if (scrollWidth <= window.innerWidth) return null;
    // Names the widest element that reaches past the window, for the one reading the failure.
    const wide = [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => {
        const classes = [...element.classList].slice(0, 2).join('.');
        return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`;
      })
      .slice(0, 3);
    return `the page is ${scrollWidth} px wide in a ${window.innerWidth} px window (${wide.join(', ')})`;
  });
}

/**
 * The walk's own fingerprints: it counts only serious and critical violations, so its states are
 * kept apart from the journeys', which allow none of any impact and must still check theirs.
 */
const walkPrint = (print: string) => createHash('sha1').update(`walk\n${print}`).digest('hex');

const SERIOUS = /^\S+ \((serious|critical)\)/;

export interface AxeResult {
  findings: string[];
  checked: number;
}

/** Axe on the screen, or on the part `within` names, unless this run already checked the same state. */
async function axeOnce(page: Page, within: string | null, result: AxeResult): Promise<void> {
  await transitionsEnded(page).catch(() => undefined);
  if (!firstTime(walkPrint(await fingerprint(page, within)))) return;
  result.checked += 1;
  const findings = await axeFindings(page, within ?? undefined);
  result.findings.push(...findings.filter((finding) => SERIOUS.test(finding)).map(clip));
}

/** Axe on the screen as it stands. */
export async function axeScreen(page: Page): Promise<AxeResult> {
  const result: AxeResult = { findings: [], checked: 0 };
  await axeOnce(page, null, result);
  return result;
}

/**
 * Axe on each of the screen's first popovers opened in turn (a menu, a select's list, a date
 * picker): they render outside the screen's markup and only while open.
 */
export async function axePopovers(page: Page): Promise<AxeResult> {
  const result: AxeResult = { findings: [], checked: 0 };
  const triggers = page.locator('main [aria-haspopup]:not([aria-haspopup="false"]):visible:enabled');
  const count = Math.min(await triggers.count(), POPOVERS_PER_SCREEN);
  for (let index = 0; index < count; index += 1) {
    const trigger = triggers.nth(index);
    const address = page.url();
    const opened = await trigger
      .click({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (!opened) continue;
    if (page.url() !== address) {
      result.findings.push(`a popover trigger left the screen for ${page.url()}`);
      await page.goto(address);
      break;
    }
    const marked = await markPopover(page, trigger);
    if (marked) {
      const before = result.findings.length;
      await axeOnce(page, `[${POPOVER}]`, result);
      for (let i = before; i < result.findings.length; i += 1)
        result.findings[i] = `popover: ${result.findings[i]}`;
    }
    await page.evaluate((mark) => document.querySelector(`[${mark}]`)?.removeAttribute(mark), POPOVER);
    await page.keyboard.press('Escape');
    await transitionsEnded(page).catch(() => undefined);
  }
  return result;
}

/** Marks the popover a trigger opened (the element it controls, else the newest open one). */
async function markPopover(page: Page, trigger: ReturnType<Page['locator']>): Promise<boolean> {
  await page
    .locator('[role="menu"]:visible, [role="listbox"]:visible, [role="dialog"]:visible')
    .first()
    .waitFor({ state: 'visible', timeout: 2_000 })
    .catch(() => undefined);
  const controls = await trigger.getAttribute('aria-controls').catch(() => null);
  return page.evaluate(
    ([id, mark]) => {
      const visible = (element: Element | null) =>
        element instanceof HTMLElement && element.checkVisibility();
      const controlled = id ? document.getElementById(id) : null;
      const open = [...document.querySelectorAll('[role="menu"], [role="listbox"], [role="dialog"]')].filter(
        visible,
      );
      const popover = visible(controlled) ? controlled : open.at(-1);
      if (!popover) return false;
      popover.setAttribute(mark, '');
      return true;
    },
    [controls, POPOVER] as const,
  );
}
