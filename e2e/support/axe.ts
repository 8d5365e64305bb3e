import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';
import { fingerprint, firstTime } from './axe-coverage';

/**
 * AxeBuilder evaluates axe-core's whole source (over half a megabyte) twice before every check,
 * which cost more than the check itself: 0.3–1 s a time. Axe stays loaded in a document, so
 * `loadAxe` loads it once per document and the builder is given this no-op as its source.
 */
const LOADED_BY_LOAD_AXE = '/* axe-core is already loaded in this document (loadAxe) */';

/** How long a child frame may take to load axe, as AxeBuilder allows: the PDF viewer's never does. */
const FRAME_LOAD_LIMIT_MS = 1_000;

async function loadAxeInto(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => !('axe' in window))) await frame.evaluate(axe.source);
}

/** Loads axe-core into the page's frames that do not have it yet. */
async function loadAxe(page: Page): Promise<void> {
  await loadAxeInto(page.mainFrame());
  for (const frame of page.mainFrame().childFrames()) {
    const limit = new Promise((resolve) => setTimeout(resolve, FRAME_LOAD_LIMIT_MS));
    // A frame that cannot load it is left out of the check, as AxeBuilder leaves it out.
    await Promise.race([loadAxeInto(frame), limit]).catch(() => undefined);
  }
}

/** The longest anything waits for a page's transitions to end before reading it. */
const TRANSITIONS_LIMIT_MS = 3_000;

/**
 * Waits (within limits) for the page's finite animations and transitions to end, from the next
 * frame on (a transition set off by the last action has started by then): axe reads colours as
 * they are drawn, and a dialog still fading in is not the colour it will be.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate((limit) => {
    const nextFrame = new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const ended = nextFrame.then(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, limit))]);
  }, TRANSITIONS_LIMIT_MS);
}

/** One line per axe violation: the rule, its impact, and each element with what fails there. */
export async function axeFindings(page: Page, within?: string): Promise<string[]> {
  await loadAxe(page);
  // Legacy mode runs axe in the page itself, without the helper page its frame-by-frame mode opens.
  const builder = new AxeBuilder({ page, axeSource: LOADED_BY_LOAD_AXE }).setLegacyMode(true);
  if (within) builder.include(within);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim())
        .join('; ')}`,
  );
}

/**
 * No axe violations of any impact on the page, or in the part of it named by `within` (a CSS selector),
 * unless this run already checked a state of the same kinds of element.
 */
export async function expectNoAxeViolations(page: Page, within?: string): Promise<void> {
  // Settled first: a fingerprint taken mid-transition would name a state no person sees.
  await transitionsEnded(page);
  if (!firstTime(await fingerprint(page, within ?? null))) return;
  let findings = await axeFindings(page, within);
  if (findings.length > 0) {
    // Something may have begun to move after the wait, such as a notification closing on its
    // timer, and been read mid-fade in colours no person reads (a clean-clone run met one at a
    // contrast of 1.08): checked again once it has settled. What is wrong when still stays wrong.
    await transitionsEnded(page);
    findings = await axeFindings(page, within);
  }
  expect(findings).toEqual([]);
}

/** The findings of serious or critical impact: what the screen walk holds every screen to (issue 30). */
export function seriousFindings(findings: string[]): string[] {
  return findings.filter((finding) => /^\S+ \((serious|critical)\)/.test(finding));
}
