import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { axeFindings, transitionsEnded } from './axe';
import { AXE_MARKS, coverageSummary, fingerprint, firstTime } from './axe-coverage';

// Journeys import everything Playwright offers from here, with `test` checking every screen.
export * from '@playwright/test';
export { expect };

/**
 * Every journey is checked by axe on every screen and dialog it reaches, not on a sample; a state
 * already checked in this run with the same kinds of element is not checked again (axe-coverage.ts).
 *
 * Before each action or auto-waiting assertion Playwright runs a locator handler; when a state not
 * yet seen is on screen (a page heading at a new address, a dialog, a tab panel, an alert) the
 * handler waits for its data and transitions, keeps a copy of the DOM and marks it seen. Axe then
 * reads the copies when the journey ends, each in a page of the same size with the app's own
 * stylesheets and no scripts, so checking never slows a journey's steps or races its next click.
 */
const STATES = ['main h1', '[role="dialog"]', 'main [role="tabpanel"]', '[role="alert"]'];
const SEEN = `${AXE_MARKS}seen`;
const UNSEEN = STATES.map((state) => `${state}:not([${SEEN}]):visible`).join(', ');

/** Runs in every document: a new address is a new screen, even when React keeps its heading. */
const FORGET_ON_NEW_ADDRESS = `
  window.navigation?.addEventListener('currententrychange', () => {
    for (const element of document.querySelectorAll('[${SEEN}]')) element.removeAttribute('${SEEN}');
  });
`;

const QUIET_MS = 300;
const SETTLE_LIMIT_MS = 3_000;
const SNAPSHOT_PATH = '/__axe-snapshot__';
/** Playwright's own default, for a copy taken without a viewport of its own. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

interface Snapshot {
  url: URL;
  html: string;
  viewport: { width: number; height: number } | null;
  /** The new parts (a dialog, a tab panel, an alert) to check, or null for a new screen. */
  within: string | null;
}

/** Marks the new parts of a screen already seen, so that axe reads only them. */
const PART = `${AXE_MARKS}part`;

/** Counts the page's requests in flight, so that a screen is copied once its data has arrived. */
function trackRequests(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', () => (inFlight -= 1));
  page.on('requestfailed', () => (inFlight -= 1));
  return () => inFlight;
}

/** Waits (within limits) for the network to stay quiet and finite transitions to end. */
async function settle(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await transitionsEnded(page);
}

/** Replaces the page's document with `html` and waits for its stylesheets, in the page. */
async function writeDocument(html: string): Promise<void> {
  document.open();
  document.write(html);
  document.close();
  // The links are in the document now and load in later tasks: listening here misses no event.
  await Promise.all(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .filter((link) => !link.sheet)
      .map(
        (link) =>
          new Promise((loaded) => {
            link.addEventListener('load', loaded, { once: true });
            link.addEventListener('error', loaded, { once: true });
          }),
      ),
  );
}

class ScreenSnapshots {
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly pages = new Map<Page, () => number>();

  watchContext(context: BrowserContext): void {
    void context.addInitScript(FORGET_ON_NEW_ADDRESS).catch(() => undefined);
    context.pages().forEach((page) => this.watch(page));
    context.on('page', (page) => this.watch(page));
  }

  /** Copies what is still unseen when the journey ends (no action follows to trigger the handler). */
  async finish(): Promise<void> {
    for (const [page, inFlight] of this.pages) {
      if (
        !page.isClosed() &&
        (await page
          .locator(UNSEEN)
          .count()
          .catch(() => 0))
      ) {
        await this.copy(page, inFlight);
      }
    }
  }

  /**
   * Axe's findings on every copy, each line naming the address it was taken at, read in `page`: the
   * worker's one page for axe, whose cache and loaded axe outlast a single journey. Each copy is
   * written into the same document (`document.open` keeps the window, and axe with it), once the
   * page is at an empty address of the copy's origin, so its stylesheets load from there.
   */
  async findings(page: Page): Promise<string[]> {
    const findings = new Set<string>();
    for (const { url, html, viewport, within } of this.snapshots.values()) {
      if (new URL(page.url()).origin !== url.origin) await page.goto(new URL(SNAPSHOT_PATH, url).href);
      const size = viewport ?? DEFAULT_VIEWPORT;
      const current = page.viewportSize();
      if (current?.width !== size.width || current.height !== size.height) await page.setViewportSize(size);
      // Without its scripts a copy has no use for the links preloading them.
      const copy = html.replace(
        /<script\b[^>]*>[\s\S]*?<\/script>|<link\b[^>]*\brel="modulepreload"[^>]*>/gi,
        '',
      );
      await page.evaluate(writeDocument, copy);
      for (const finding of await axeFindings(page, within ?? undefined)) {
        findings.add(`${url.pathname}${url.search} ${finding}`);
      }
    }
    return [...findings];
  }

  private watch(page: Page): void {
    if (this.pages.has(page)) return;
    const inFlight = trackRequests(page);
    this.pages.set(page, inFlight);
    void page
      .addLocatorHandler(page.locator(UNSEEN).first(), () => this.copy(page, inFlight), { noWaitAfter: true })
      .catch(() => undefined);
  }

  private async copy(page: Page, inFlight: () => number): Promise<void> {
    try {
      await settle(page, inFlight);
      const url = new URL(page.url());
      const copied = await page.evaluate(
        ([states, seen, part]) => {
          const unseen = (selector: string) =>
            [...document.querySelectorAll(selector)].filter(
              (element) => !element.hasAttribute(seen) && element.checkVisibility(),
            );
          // A new screen is read whole; otherwise only the parts that appeared on it, marked for axe.
          const newScreen = unseen(states[0]!).length > 0;
          const parts = newScreen ? [] : states.slice(1).flatMap(unseen);
          parts.forEach((element) => element.setAttribute(part, ''));
          const html = `<!DOCTYPE html>${document.documentElement.outerHTML}`;
          for (const element of document.querySelectorAll(states.join(', '))) element.setAttribute(seen, '');
          return newScreen || parts.length > 0 ? { html, newScreen } : null;
        },
        [STATES, SEEN, PART] as const,
      );
      if (!copied) return;
      const within = copied.newScreen ? null : `[${PART}]`;
      const print = await fingerprint(page, within);
      await page.evaluate((part) => {
        for (const element of document.querySelectorAll(`[${part}]`)) element.removeAttribute(part);
      }, PART);
      if (firstTime(print)) {
        this.snapshots.set(copied.html, { url, html: copied.html, viewport: page.viewportSize(), within });
      }
    } catch (error) {
      // A page that closed or left for another document meanwhile: its next screen is copied anew.
      if (!page.isClosed() && !/context was destroyed|navigat/i.test(String(error))) throw error;
    }
  }
}

export const test = base.extend<{ axeEveryScreen: void }, { axeCoverageReport: void; axePage: Page }>({
  axeEveryScreen: [
    // `context` first, so the journey's own page is watched from its first screen.
    async ({ browser, context: _context, axePage }, use) => {
      const snapshots = new ScreenSnapshots();
      const watchContext = (created: BrowserContext) => {
        if (created !== axePage.context()) snapshots.watchContext(created);
      };
      browser.contexts().forEach(watchContext);
      browser.on('context', watchContext);
      await use();
      browser.off('context', watchContext);
      await snapshots.finish();
      expect(await snapshots.findings(axePage), 'axe on the screens this journey reached').toEqual([]);
    },
    // Axe reads the copies after the journey, on its own clock.
    { auto: true, timeout: 600_000 },
  ],
  axePage: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route(`**${SNAPSHOT_PATH}`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '' }),
      );
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
  axeCoverageReport: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      process.stdout.write(`${coverageSummary()}\n`);
    },
    { auto: true, scope: 'worker' },
  ],
});
