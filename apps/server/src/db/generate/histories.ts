import { DECISION_STATUSES, RESEARCH_MATCH_TYPES, WORKFLOW_STATUS as S } from '@rrp/domain';
import type { Random } from './random';

/**
 * The paths generated requests and RDAs took to where they are: statuses in the order the workflow
 * allows, with the times the turnaround metrics and the reminders read (decision 270).
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A request's statuses from its creation, and when it entered each (epoch ms, increasing). */
export interface StatusPath {
  statuses: number[];
  times: number[];
}

const isDecision = (status: number) => (DECISION_STATUSES as readonly number[]).includes(status);

/**
 * The statuses a request of `type` passed through to end in `final`: drafts stay Created; others
 * are submitted, mostly reviewed, Research Match ones discussed at a review meeting, some sent back
 * for revisions and resubmitted; approvals may wait for the team; fulfilled ones may end archived or
 * suspended.
 */
export function statusSequence(random: Random, type: number, final: number): number[] {
  if (final === S.created) return [S.created];
  const researchMatch = RESEARCH_MATCH_TYPES.includes(type);
  const path: number[] = random.chance(0.9) ? [S.created, S.submitted] : [S.submitted];
  if (final === S.submitted) return path;
  const reviewed =
    researchMatch || random.chance(0.8) || ([S.underReview, S.reviewMeeting] as number[]).includes(final);
  if (reviewed) path.push(S.underReview);
  if (final === S.underReview) return path;
  // Some plain requests go back to their owner once and come back (researcher §4).
  if (!researchMatch && final !== S.revisionsRequested && reviewed && random.chance(0.15)) {
    path.push(S.revisionsRequested, S.submitted, S.underReview);
  }
  // Research Match applications are decided at the review meeting; deferrals and conditional
  // approvals come from one in every flow.
  const meeting = [S.reviewMeeting, S.deferred, S.conditionallyApproved] as number[];
  if ((researchMatch && final !== S.withdrawn) || meeting.includes(final)) path.push(S.reviewMeeting);
  if (final === S.reviewMeeting) return path;
  if (([S.approved, S.fulfilled, S.archived, S.suspended] as number[]).includes(final)) {
    if (random.chance(0.1)) path.push(S.approvedPendingTeam);
    path.push(S.approved);
    if (final === S.approved) return path;
    path.push(S.fulfilled);
    if (final !== S.fulfilled) path.push(final);
    return path;
  }
  path.push(final);
  return path;
}

/** How long a request typically stays in a status before the next step, in days [min, max]. */
function stayDays(status: number, next: number): [number, number] {
  switch (status) {
    case S.created:
      return [0.05, 30];
    case S.submitted:
      return next === S.underReview ? [0.5, 10] : [5, 60];
    case S.underReview:
      return [3, 75];
    case S.reviewMeeting:
      return [5, 45];
    case S.revisionsRequested:
      return [2, 40];
    case S.approvedPendingTeam:
      return [1, 40];
    case S.approved:
      return [1, 30];
    case S.fulfilled:
      return [60, 900];
    default:
      return [1, 30];
  }
}

/**
 * The times of a sequence from `created`, each stay drawn from `stayDays`; a path that would reach
 * past `latest` is squeezed into the time there is (requests made lately moved faster).
 */
export function statusPath(random: Random, sequence: number[], created: number, latest: number): StatusPath {
  const offsets = [0];
  for (let i = 1; i < sequence.length; i++) {
    const [min, max] = stayDays(sequence[i - 1]!, sequence[i]!);
    offsets.push(offsets[i - 1]! + (min + random.next() * (max - min)) * DAY);
  }
  const span = offsets.at(-1)!;
  const room = Math.max(latest - created, sequence.length * HOUR);
  const scale = span > room ? room / span : 1;
  return { statuses: sequence, times: offsets.map((offset) => created + offset * scale) };
}

/** When the path first entered `status`, or null. */
export const firstEntry = (path: StatusPath, status: number) => {
  const index = path.statuses.indexOf(status);
  return index < 0 ? null : path.times[index]!;
};

/** The request's decision date as the workflow keeps it: its last entry into a decision status. */
export function lastDecision(path: StatusPath): number | null {
  for (let i = path.statuses.length - 1; i >= 0; i--)
    if (isDecision(path.statuses[i]!)) return path.times[i]!;
  return null;
}

/** The stay in Under Review a review belongs to: the last one, [entered, left or null]. */
export function reviewStay(path: StatusPath): [number, number | null] | null {
  const index = path.statuses.lastIndexOf(S.underReview);
  if (index < 0) return null;
  return [path.times[index]!, path.times[index + 1] ?? null];
}

/** An RDA's statuses (1 Signature Needed, 2 Awaiting Execution, 3 Fully Executed) and their times. */
export function rdaPath(random: Random, final: number, sent: number, latest: number): StatusPath {
  const statuses = [1, 2, 3].slice(0, final);
  const offsets = [0];
  if (final >= 2) offsets.push(offsets[0]! + (0.5 + random.next() * 30) * DAY);
  if (final >= 3) offsets.push(offsets[1]! + (0.5 + random.next() * 45) * DAY);
  const span = offsets.at(-1)!;
  const room = Math.max(latest - sent, statuses.length * HOUR);
  const scale = span > room ? room / span : 1;
  return { statuses, times: offsets.map((offset) => sent + offset * scale) };
}
