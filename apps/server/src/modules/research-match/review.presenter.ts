import {
  permissionsFor,
  REQUEST_STATUSES,
  RESEARCH_MATCH_CRITERIA,
  reviewerRoleName,
  reviewProgress,
  WORKFLOW_STATUS,
  type Actor,
  type ConflictDto,
  type CreateReviewInput,
  type CriterionDto,
  type ResearchMatchCriterion,
  type ReviewDto,
  type ReviewFacts,
} from '@rrp/domain';
import type { ConflictWithUser, ReviewRow, ReviewValues, ReviewWithRefs } from './review.repo';

type CriterionColumns = { score: keyof ReviewRow; strengths: keyof ReviewRow; weaknesses: keyof ReviewRow };

/** The columns of each criterion's block (`research` -> researchScore, researchStrengths, …). */
const CRITERION_COLUMNS = Object.fromEntries(
  RESEARCH_MATCH_CRITERIA.map((criterion) => [
    criterion,
    {
      score: `${criterion}Score`,
      strengths: `${criterion}Strengths`,
      weaknesses: `${criterion}Weaknesses`,
    },
  ]),
) as Record<ResearchMatchCriterion, CriterionColumns>;

const fullName = (person: { firstName: string; lastName: string; email: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

/** The columns a review input sets: only the blocks and answers sent. */
export function reviewValues(input: Omit<Partial<CreateReviewInput>, 'request' | 'reviewer'>): ReviewValues {
  const values: Record<string, unknown> = {};
  for (const criterion of RESEARCH_MATCH_CRITERIA) {
    const block = input[criterion];
    if (!block) continue;
    const columns = CRITERION_COLUMNS[criterion];
    if (block.score !== undefined) values[columns.score] = block.score;
    if (block.strengths !== undefined) values[columns.strengths] = block.strengths;
    if (block.weaknesses !== undefined) values[columns.weaknesses] = block.weaknesses;
  }
  if (input.reviewer_decision !== undefined) values.reviewerDecision = input.reviewer_decision;
  if (input.build_merit !== undefined) values.buildMerit = input.build_merit;
  if (input.other !== undefined) values.other = input.other;
  return values as ReviewValues;
}

export function criteriaOf(row: ReviewRow): Record<ResearchMatchCriterion, CriterionDto> {
  return Object.fromEntries(
    RESEARCH_MATCH_CRITERIA.map((criterion) => {
      const columns = CRITERION_COLUMNS[criterion];
      return [
        criterion,
        {
          score: row[columns.score] as number | null,
          strengths: row[columns.strengths] as string,
          weaknesses: row[columns.weaknesses] as string,
        },
      ];
    }),
  ) as Record<ResearchMatchCriterion, CriterionDto>;
}

/** What progress reads of a review (staff §4.3). */
export function factsOf(row: ReviewRow): ReviewFacts {
  const criteria = criteriaOf(row);
  return {
    scores: RESEARCH_MATCH_CRITERIA.map((criterion) => criteria[criterion].score),
    recommended: row.reviewerDecision !== null,
    anythingElse:
      row.buildMerit !== null ||
      RESEARCH_MATCH_CRITERIA.some(
        (criterion) => criteria[criterion].strengths !== '' || criteria[criterion].weaknesses !== '',
      ),
  };
}

/** The sum of a reviewer's scores; null before any is given. */
export function totalOf(row: ReviewRow): number | null {
  const scores = factsOf(row).scores.filter((score): score is number => score !== null);
  return scores.length === 0 ? null : scores.reduce((sum, score) => sum + score, 0);
}

/** A review as GET review/ answers it. */
export function presentReview(
  actor: Actor,
  { review, reviewer, request }: ReviewWithRefs,
  expand: ReadonlySet<string>,
  subject: object,
): ReviewDto {
  const permissions = permissionsFor(actor, 'Review', subject);
  return {
    id: review.id,
    request: expand.has('request')
      ? {
          id: request.id,
          portal_request_id: request.portalRequestId,
          display_name: request.displayName,
          type: request.typeId,
          status: request.statusId,
          status_name: REQUEST_STATUSES[request.statusId as keyof typeof REQUEST_STATUSES] ?? '',
        }
      : request.id,
    reviewer: expand.has('reviewer') ? { id: reviewer.id, display_name: fullName(reviewer) } : reviewer.id,
    reviewer_role: review.reviewerRole,
    reviewer_role_name: reviewerRoleName(review.reviewerRole),
    quarter: review.quarter,
    cycle: review.cycle,
    ...criteriaOf(review),
    reviewer_decision: review.reviewerDecision,
    build_merit: review.buildMerit,
    other: review.other ?? null,
    total: totalOf(review),
    progress: reviewProgress(request.statusId, factsOf(review)),
    editable:
      review.reviewerId === actor.userId &&
      request.statusId === WORKFLOW_STATUS.underReview &&
      permissions.includes('update'),
    created: review.created.toISOString(),
    modified: review.modified.toISOString(),
    permissions,
  };
}

/** A conflict-of-interest answer as GET conflict/ answers it. */
export function presentConflict(
  actor: Actor,
  { conflict, user }: ConflictWithUser,
  expand: ReadonlySet<string>,
  extra: { removedAsPrimary?: boolean } = {},
): ConflictDto {
  return {
    id: conflict.id,
    request: conflict.requestId,
    user: expand.has('user') ? { id: user.id, display_name: fullName(user) } : user.id,
    conflict_exists: conflict.conflictExists,
    explanation: conflict.explanation,
    ...(extra.removedAsPrimary !== undefined ? { removed_as_primary: extra.removedAsPrimary } : {}),
    created: conflict.created.toISOString(),
    modified: conflict.modified.toISOString(),
    permissions: permissionsFor(actor, 'ReviewConflict', { authorId: conflict.userId }),
  };
}
