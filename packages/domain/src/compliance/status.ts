/**
 * SBSO compliance (staff §2.13, §4.6): each year, on the anniversary of the institution's RDA
 * being fully executed (or of the institution's creation when it has no executed RDA), its signing
 * official owes the annual researcher review. The review window opens `reviewWindowDays` before the
 * anniversary; a review still missing `graceDays` after it makes the institution non-compliant.
 *
 * The server computes the same rule in SQL (so lists filter and sort by it); its API tests check
 * both agree.
 */
export const COMPLIANCE_STATUSES = {
  1: 'Compliant',
  2: 'Review Due',
  3: 'Non-Compliant',
} as const;
export type ComplianceStatusId = keyof typeof COMPLIANCE_STATUSES;
export const COMPLIANCE_STATUS_IDS = [1, 2, 3] as const satisfies readonly ComplianceStatusId[];

export const COMPLIANCE_RULE = {
  /** A review this many days before the anniversary counts for it; the status turns 'Review Due'. */
  reviewWindowDays: 30,
  /** Days after the anniversary before a missing review makes the institution 'Non-Compliant'. */
  graceDays: 30,
  /** Request status counted as the institution's fulfilled requests (staff §9: status 7). */
  requestStatus: 7,
} as const;

const DAY_MS = 86_400_000;

/** The UTC calendar day of a moment, as midnight UTC. */
export function utcDay(moment: Date): Date {
  return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
}

function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * DAY_MS);
}

/** `day` plus whole years; 29 February becomes 28 February in other years (as PostgreSQL does). */
export function addYears(day: Date, years: number): Date {
  const year = day.getUTCFullYear() + years;
  const month = day.getUTCMonth();
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day.getUTCDate(), lastOfMonth)));
}

/** Whole years from `from` to `to`: the largest n with addYears(from, n) <= to. */
export function wholeYears(from: Date, to: Date): number {
  const years = to.getUTCFullYear() - from.getUTCFullYear();
  return addYears(from, years) > to ? years - 1 : years;
}

export interface ComplianceInput {
  /** When the institution's RDA was fully executed (or, failing that, when the institution was created). */
  anchor: Date;
  /** When the signing official last completed the annual researcher review, if ever. */
  lastReview: Date | null;
  today: Date;
}

export interface ComplianceState {
  status: ComplianceStatusId;
  /**
   * The anniversary the status is about: the next review's due date when compliant, otherwise
   * the due date of the oldest review still owed.
   */
  anniversary: Date;
}

/**
 * The compliance state on `today`. The review owed is the first anniversary whose window opened
 * after the last review: compliant while its window has not opened, 'Review Due' from then until
 * the grace period after it ends, then 'Non-Compliant' until a review is done.
 */
export function complianceState({ anchor, lastReview, today }: ComplianceInput): ComplianceState {
  const start = utcDay(anchor);
  const day = utcDay(today);
  const { reviewWindowDays, graceDays } = COMPLIANCE_RULE;
  // The first anniversary whose window opens after the last review (the first one if never reviewed).
  const owed = lastReview
    ? Math.max(1, wholeYears(start, addDays(utcDay(lastReview), reviewWindowDays)) + 1)
    : 1;
  const anniversary = addYears(start, owed);
  if (addDays(anniversary, -reviewWindowDays) > day) return { status: 1, anniversary };
  if (day > addDays(anniversary, graceDays)) return { status: 3, anniversary };
  return { status: 2, anniversary };
}

/** 'YYYY-MM-DD' of a UTC day. */
export function isoDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}
