import { sql, type SQL } from 'drizzle-orm';
import { RESEARCH_MATCH_CRITERIA, WORKFLOW_STATUS } from '@rrp/domain';

/**
 * What several modules ask of Research Match reviews in SQL (the reminders, the turnaround
 * insights, the reviewer assistant), written once so the three read the same rule.
 */

/** A review is complete once every criterion is scored and a decision recommended; `alias`: its table's. */
const completeOn = (alias: string) =>
  sql.raw(
    [
      ...RESEARCH_MATCH_CRITERIA.map((name) => `${alias}${name}_score is not null`),
      `${alias}reviewer_decision is not null`,
    ].join(' and '),
  );

/** A Research Match review (table alias `review`) is complete: every criterion scored, a decision recommended. */
export const REVIEW_COMPLETE = completeOn('review.');

/**
 * The same rule on the table's own columns: the predicate of the index of completed reviews
 * (`reviews_completed_idx`), which PostgreSQL uses where a statement says `REVIEW_COMPLETE`.
 */
export const REVIEW_COMPLETE_INDEX_PREDICATE = completeOn('');

/**
 * Completed Research Match reviews, each with its reviewer and the days it took (decision 270):
 * from the assignment — or the start of the review, when the reviewer was assigned before it — to
 * the review's last save (scoring closes when the application leaves Under Review, so that save is
 * when it was done). `where` narrows the reviews (alias `review`). Columns: `reviewer_id`, `days`.
 */
export function completedReviewDays(where: SQL): SQL {
  return sql`select review.reviewer_id,
      greatest(extract(epoch from review.modified - greatest(assignment.created, coalesce(cycle.started_at, assignment.created)))::float8 / 86400, 0) as days
    from reviews review
    join request_reviewers assignment
      on assignment.request_id = review.request_id and assignment.user_id = review.reviewer_id
    -- One probe of request_status_stays_review_start_idx per review: the request's last entry
    -- into Under Review before the save, read from the index alone.
    left join lateral (
      select max(stay.entered_at) as started_at
      from request_status_stays stay
      where stay.request_id = review.request_id
        and stay.status_id = ${WORKFLOW_STATUS.underReview}::integer
        and stay.entered_at <= review.modified
    ) cycle on true
    where (${where}) and ${REVIEW_COMPLETE}`;
}
