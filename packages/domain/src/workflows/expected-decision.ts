import { REQUEST_TYPES } from '../constants/statuses';
import { RESEARCH_MATCH_TYPES } from './transitions';

/**
 * "When will I hear?" — an estimate of a pending request's decision date for its applicant
 * (beyond the spec, issue 19, decision 201), with the words of how it is reckoned.
 */

/** Statuses in which an application waits for the foundation's decision. */
export const AWAITING_DECISION_STATUSES: readonly number[] = [2, 3, 8];
/** Fewer decisions of a type than this in the last 12 months is too little history to estimate from. */
export const EXPECTED_DECISION_MIN_HISTORY = 20;

/** How long decisions of one request type took over the last 12 months. */
export interface DecisionTimes {
  /** The 80th percentile of submission-to-decision, in days. */
  p80Days: number;
  /** How many decisions it is taken from. */
  decided: number;
}

export interface ExpectedDecision {
  /** The day, `YYYY-MM-DD`. */
  date: string;
  /** How the date is reckoned, in the applicant's words. */
  basis: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const longDay = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The Research Match deadline a submission falls under: the end of its quarter (researcher §1). */
export function researchMatchDeadline(submitted: Date): Date {
  const quarterEndMonth = Math.floor(submitted.getUTCMonth() / 3) * 3 + 3;
  return new Date(Date.UTC(submitted.getUTCFullYear(), quarterEndMonth, 0));
}

/**
 * The estimate for a request awaiting a decision, or null when there is none to give: a Research
 * Match application is reviewed after its quarter's deadline and decided at the review meeting in
 * the quarter that follows (so by that quarter's end); other requests by the time 8 in 10 of their
 * type were decided in the last 12 months, when at least EXPECTED_DECISION_MIN_HISTORY were.
 */
export function expectedDecision(
  request: { typeId: number; statusId: number; submissionDate: Date | null },
  times: DecisionTimes | undefined,
): ExpectedDecision | null {
  const submitted = request.submissionDate;
  if (!submitted || !AWAITING_DECISION_STATUSES.includes(request.statusId)) return null;
  if (RESEARCH_MATCH_TYPES.includes(request.typeId)) {
    const deadline = researchMatchDeadline(submitted);
    const meetingQuarterEnd = researchMatchDeadline(new Date(deadline.getTime() + 86_400_000));
    return {
      date: isoDay(meetingQuarterEnd),
      basis:
        `Research Match applications are reviewed quarterly. This one is reviewed after the ` +
        `${longDay(deadline)} deadline and decided at the review meeting that follows, by ${longDay(meetingQuarterEnd)}.`,
    };
  }
  if (!times || times.decided < EXPECTED_DECISION_MIN_HISTORY) return null;
  const days = Math.ceil(times.p80Days);
  const typeName = REQUEST_TYPES[request.typeId as keyof typeof REQUEST_TYPES] ?? 'similar';
  return {
    date: isoDay(new Date(submitted.getTime() + days * 86_400_000)),
    basis:
      `Of the ${times.decided} ${typeName} applications decided in the last 12 months, 8 in 10 ` +
      `were decided within ${days} ${days === 1 ? 'day' : 'days'} of submission.`,
  };
}
