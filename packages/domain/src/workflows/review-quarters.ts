/**
 * Review quarters (staff §9): calendar quarters from October 2018 (2018-Q4); the quarter under
 * review is the one before the current quarter. Plain calendar logic with no schema, so that the
 * list screens' quarter filters load without the request schemas (issue 15).
 */

export interface ReviewQuarter {
  year: number;
  quarter: 1 | 2 | 3 | 4;
}

export const FIRST_REVIEW_QUARTER: ReviewQuarter = { year: 2018, quarter: 4 };

export const quarterKey = (q: ReviewQuarter) => `${q.year}-Q${q.quarter}`;

export function quarterOf(date: Date): ReviewQuarter {
  return { year: date.getUTCFullYear(), quarter: (Math.floor(date.getUTCMonth() / 3) + 1) as 1 | 2 | 3 | 4 };
}

/** The quarter `offset` quarters away (negative: earlier). */
export function shiftQuarter(q: ReviewQuarter, offset: number): ReviewQuarter {
  const index = q.year * 4 + (q.quarter - 1) + offset;
  return { year: Math.floor(index / 4), quarter: ((index % 4) + 1) as 1 | 2 | 3 | 4 };
}

/** `2024-Q3` as a quarter, or null when it is not one (or before October 2018). */
export function parseQuarter(key: string): ReviewQuarter | null {
  const match = /^(\d{4})-Q([1-4])$/.exec(key.trim());
  if (!match) return null;
  const q = { year: Number(match[1]), quarter: Number(match[2]) as 1 | 2 | 3 | 4 };
  const order = (x: ReviewQuarter) => x.year * 4 + x.quarter;
  return order(q) < order(FIRST_REVIEW_QUARTER) || q.year > 9999 ? null : q;
}

/** The quarter's first instant and the next quarter's first instant (UTC). */
export function quarterRange(q: ReviewQuarter): { start: Date; end: Date } {
  const start = new Date(Date.UTC(q.year, (q.quarter - 1) * 3, 1));
  const next = shiftQuarter(q, 1);
  return { start, end: new Date(Date.UTC(next.year, (next.quarter - 1) * 3, 1)) };
}

/** 'Q4 2024 (October – December)'. */
export function quarterLabel(q: ReviewQuarter): string {
  const months = [
    ['January', 'March'],
    ['April', 'June'],
    ['July', 'September'],
    ['October', 'December'],
  ][q.quarter - 1]!;
  return `Q${q.quarter} ${q.year} (${months[0]} – ${months[1]})`;
}

/** The default review quarter: the current quarter offset by -1. */
export const defaultReviewQuarter = (now: Date = new Date()) => shiftQuarter(quarterOf(now), -1);

/** The review quarters from October 2018 to the current review quarter (current - 1), newest first. */
export function reviewQuarterOptions(now: Date = new Date()): ReviewQuarter[] {
  const quarters: ReviewQuarter[] = [];
  const first = FIRST_REVIEW_QUARTER.year * 4 + FIRST_REVIEW_QUARTER.quarter;
  for (let q = defaultReviewQuarter(now); q.year * 4 + q.quarter >= first; q = shiftQuarter(q, -1)) {
    quarters.push(q);
  }
  return quarters;
}
