import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { fingerprint, firstTime } from './axe-coverage';

/** One line per axe violation: the rule, its impact, and each element with what fails there. */
export async function axeFindings(page: Page, within?: string): Promise<string[]> {
  // The portal has no frames: legacy mode checks the page alone, without opening a helper page.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
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
  if (!firstTime(await fingerprint(page, within ?? null))) return;
  expect(await axeFindings(page, within)).toEqual([]);
}
