import { RESEARCH_MATCH_CRITERIA, RESEARCH_MATCH_TYPES, WORKFLOW_STATUS } from '@rrp/domain';
import { DAY, HOUR, maxId, quarterOf, type Generation } from './generation';
import type { People } from './generate-people';
import type { Requests } from './generate-requests';
import { firstEntry, reviewStay } from './histories';
import { Random } from './random';

const REVIEWER_DECISIONS = ['Approve', 'Conditionally Approve', 'Defer', 'Reject'] as const;

/** Reviewers of the requests that went under review, and the Research Match reviews and summaries. */
export async function generateReviews(g: Generation, people: People, requests: Requests) {
  const { database, size, seed, now, write } = g;
  const { reviewers } = people;
  const { firstRequest, requestType, paths } = requests;
  // --- Reviewers and Research Match reviews ----------------------------------------------------
  // Requests that went under review have reviewers: assigned around the start of the review (most
  // before it); Research Match ones a primary, a secondary and sometimes another, each with a review
  // scored while the application was under review.
  const reviewRandom = new Random(seed + 6);
  interface Assignment {
    request: number;
    reviewer: number;
    role: number | null;
    assigned: number;
  }
  const assignments: Assignment[] = [];
  for (let r = 0; r < size.requests; r++) {
    const stay = reviewStay(paths[r]!);
    const researchMatch = RESEARCH_MATCH_TYPES.includes(requestType[r]!);
    if (!stay || (!researchMatch && !reviewRandom.chance(0.6))) continue;
    const submitted = firstEntry(paths[r]!, WORKFLOW_STATUS.submitted) ?? paths[r]!.times[0]!;
    const chosen = reviewRandom.sample(
      reviewers,
      researchMatch ? reviewRandom.int(2, 3) : reviewRandom.int(1, 3),
    );
    for (const [index, reviewer] of chosen.entries()) {
      const assigned = reviewRandom.chance(0.7)
        ? Math.max(submitted, stay[0] - reviewRandom.next() * 5 * DAY)
        : Math.min(stay[0] + reviewRandom.next() * 3 * DAY, stay[1] ?? now - HOUR);
      assignments.push({
        request: r,
        reviewer,
        role: researchMatch ? Math.min(index + 1, 3) : null,
        assigned,
      });
    }
  }
  await write(
    'request_reviewers',
    ['request_id', 'user_id', 'reviewer_role', 'created'],
    (function* () {
      for (const a of assignments) yield [firstRequest + a.request, a.reviewer, a.role, new Date(a.assigned)];
    })(),
  );
  const firstReview = (await maxId(database, 'reviews')) + 1;
  await write(
    'reviews',
    [
      'id',
      'request_id',
      'reviewer_id',
      'reviewer_role',
      'quarter',
      'cycle',
      ...RESEARCH_MATCH_CRITERIA.map((name) => `${name}_score`),
      'reviewer_decision',
      'build_merit',
      'created',
      'modified',
    ],
    (function* () {
      let reviewId = firstReview;
      for (const a of assignments) {
        if (a.role === null) continue;
        const [entered, left] = reviewStay(paths[a.request]!)!;
        const opened = Math.max(entered, a.assigned);
        const closes = left ?? now - HOUR;
        // Reviews of applications still under review are often unfinished; a few are never finished.
        const complete = left !== null ? reviewRandom.chance(0.92) : reviewRandom.chance(0.4);
        if (!complete && reviewRandom.chance(0.3)) continue;
        const scored = complete
          ? RESEARCH_MATCH_CRITERIA.length
          : reviewRandom.int(0, RESEARCH_MATCH_CRITERIA.length - 1);
        const saved = opened + reviewRandom.next() * Math.max(closes - opened, HOUR);
        yield [
          reviewId++,
          firstRequest + a.request,
          a.reviewer,
          a.role,
          quarterOf(entered),
          1,
          ...RESEARCH_MATCH_CRITERIA.map((_, index) => (index < scored ? reviewRandom.int(1, 5) : null)),
          complete ? reviewRandom.pick(REVIEWER_DECISIONS) : null,
          complete ? reviewRandom.pick(['Yes', 'No', 'Not Applicable']) : null,
          new Date(opened),
          new Date(saved),
        ];
      }
    })(),
  );
  await write(
    'request_summaries',
    ['request_id', 'due_date', 'review_quarter', 'review_cycle', 'created', 'modified'],
    (function* () {
      for (let r = 0; r < size.requests; r++) {
        if (!RESEARCH_MATCH_TYPES.includes(requestType[r]!)) continue;
        const submitted = firstEntry(paths[r]!, WORKFLOW_STATUS.submitted);
        if (submitted === null) continue;
        const stay = reviewStay(paths[r]!);
        // Start Review sets the due date: about a month after the review begins, at 12:00 (staff §4.3).
        const due = stay ? new Date(stay[0] + reviewRandom.int(21, 42) * DAY) : null;
        due?.setUTCHours(12, 0, 0, 0);
        yield [
          firstRequest + r,
          due,
          stay ? quarterOf(stay[0]) : null,
          stay ? 1 : 0,
          new Date(submitted),
          new Date(stay?.[0] ?? submitted),
        ];
      }
    })(),
  );
}
