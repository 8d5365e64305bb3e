import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * Axe's verdict on a screen depends on its kinds of element, not on its data: a list of 3 rows and
 * one of 30, or the same request screen for two requests, pass or fail together. A state is checked
 * once per run (journeys share one worker), keyed by its address pattern, the viewport width and the
 * set of distinct elements in the part checked: tag, role, classes, inline style (Mantine's colour
 * variables), the other attributes' names, whether a naming attribute is empty, and whether the
 * element carries text of its own. A new kind of element anywhere, a new colour, a button losing its
 * name, or a phone layout makes a new fingerprint and is checked.
 */
/**
 * A run split over several Playwright invocations (`npm test` shares the journeys between two lanes)
 * keeps one record in the file E2E_AXE_RECORD, one fingerprint per line; appends of a line are
 * atomic, so the lanes can share it.
 */
const RECORD = process.env.E2E_AXE_RECORD;
const checked = new Set<string>();
let checkedHere = 0;

/** Adds what the other invocations of the run have checked since this one last looked. */
function readRecord(): void {
  if (!RECORD || !existsSync(RECORD)) return;
  for (const print of readFileSync(RECORD, 'utf8').split('\n')) if (print) checked.add(print);
}

/** The prefix of the attributes the journey fixture marks the page with, which no fingerprint counts. */
export const AXE_MARKS = 'data-axe-';

/** Attributes whose values are data (ids, links, names): only their presence and emptiness count. */
const DATA_ATTRIBUTES = [
  'id',
  'href',
  'src',
  'value',
  'for',
  'name',
  'title',
  'alt',
  'placeholder',
  'content',
  'datetime',
  'aria-label',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'aria-activedescendant',
  'aria-valuenow',
  'aria-valuetext',
];

/** The state's element kinds, read in the page; `within` limits them to the parts being checked. */
function elementKinds([within, dataAttributes, ignoredPrefix]: readonly [
  string | null,
  string[],
  string,
]): string[] {
  const roots = within ? [...document.querySelectorAll(within)] : [document.documentElement];
  const kinds = new Set<string>();
  for (const root of roots) {
    for (const element of [root, ...root.querySelectorAll('*')]) {
      if (element.tagName === 'SCRIPT') continue;
      const attributes = [...element.attributes]
        .filter((attribute) => !attribute.name.startsWith(ignoredPrefix))
        .map((attribute) =>
          dataAttributes.includes(attribute.name)
            ? `${attribute.name}${attribute.value.trim() ? '' : '=""'}`
            : `${attribute.name}=${attribute.value.replace(/\d+/g, '#')}`,
        )
        .sort();
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      kinds.add(`${element.tagName} ${attributes.join(' ')}${ownText ? ' +text' : ''}`);
    }
  }
  return [...kinds].sort();
}

/** The state's fingerprint: address pattern, viewport width and element kinds. */
export async function fingerprint(page: Page, within: string | null): Promise<string> {
  const url = new URL(page.url());
  const address = `${url.pathname}?${[...url.searchParams.keys()].sort().join('&')}`.replace(
    /[0-9a-f]{8}-[0-9a-f-]{27}|\d+/gi,
    '#',
  );
  const kinds = await page.evaluate(elementKinds, [within, DATA_ATTRIBUTES, AXE_MARKS] as const);
  return createHash('sha1')
    .update(`${address}\n${page.viewportSize()?.width ?? 0}\n${within ?? ''}\n${kinds.join('\n')}`)
    .digest('hex');
}

/** True the first time a fingerprint is met in this run, when the state still needs axe. */
export function firstTime(print: string): boolean {
  readRecord();
  if (checked.has(print)) {
    repeats += 1;
    return false;
  }
  checked.add(print);
  checkedHere += 1;
  if (RECORD) appendFileSync(RECORD, `${print}\n`);
  return true;
}

let repeats = 0;

/** How much this worker's journeys reached, for the run's log. */
export function coverageSummary(): string {
  return `axe checked ${checkedHere} distinct states; ${repeats} repeats were not checked again`;
}
