import {
  can,
  TISSUE_REVIEW_COMMENTS,
  TISSUE_REVIEW_CRITERIA,
  TISSUE_REVIEW_MESSAGES,
  tissueReviewProgress,
  tissueScoreSummary,
  WORKFLOW_STATUS,
  type Actor,
  type RequestTissueReviewsDto,
  type TissueReviewAnswers,
  type TissueReviewDto,
  type UpdateTissueReview,
} from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import * as repo from './tissue-reviews.repo';

/** snake_case answer key -> the row's camelCase column. */
const column = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const ANSWER_KEYS = [
  ...TISSUE_REVIEW_CRITERIA.flatMap((criterion) => [`${criterion}_score`, `${criterion}_comment`]),
  ...TISSUE_REVIEW_COMMENTS.map((name) => `${name}_comment`),
] as const;

function answersOf(row: repo.TissueReviewRow): TissueReviewAnswers {
  return Object.fromEntries(
    ANSWER_KEYS.map((key) => [key, (row as unknown as Record<string, unknown>)[column(key)]]),
  ) as TissueReviewAnswers;
}

type Entry = NonNullable<Awaited<ReturnType<typeof repo.findReview>>>;

/**
 * The review as the grants read it: its author counts as its reviewer only while still assigned
 * to the request, so a reviewer taken off it neither reads nor scores it any more (issue 29).
 */
const subjectOf = (review: repo.TissueReviewRow, assigned: boolean) => ({
  reviewerIds: assigned ? [review.reviewerId] : [],
});

/**
 * Reviews are read by the staff who read every review, and by their own (assigned) reviewer. A
 * removed reviewer's review stays on the record only if they submitted it; a draft drops out of
 * the lists and averages (decision 310).
 */
const mayRead = (actor: Actor, entry: Entry) =>
  (entry.assigned || entry.review.submittedAt !== null) &&
  can(actor, 'read', 'TissueReview', subjectOf(entry.review, entry.assigned));

/**
 * Tissue reviews (staff §2.6, §3, §4.3, §9; decision 240): the reviewer fills in their review
 * while the request is Under Review; the Reviews tab reads every review with the criterion
 * averages and their mean.
 */
export function createTissueReviewsService(deps: { db: Db }) {
  const { db } = deps;

  function present(actor: Actor, entry: Entry): TissueReviewDto {
    const { review } = entry;
    const answers = answersOf(review);
    return {
      id: review.id,
      request: review.requestId,
      reviewer: { id: review.reviewerId, display_name: entry.reviewerName },
      due_date: review.dueDate?.toISOString() ?? null,
      submitted_at: review.submittedAt?.toISOString() ?? null,
      progress: tissueReviewProgress(answers),
      editable:
        entry.requestStatus === WORKFLOW_STATUS.underReview &&
        can(actor, 'update', 'TissueReview', subjectOf(review, entry.assigned)),
      ...answers,
    };
  }

  return {
    /** GET request/{id}/tissue-reviews/: 404 when the caller reads none of its reviews. */
    async ofRequest(actor: Actor, requestId: number): Promise<RequestTissueReviewsDto> {
      const rows = (await repo.reviewsOfRequest(db, requestId)).filter((entry) => mayRead(actor, entry));
      if (rows.length === 0) throw new NotFoundError();
      const reviews = rows.map((entry) => present(actor, entry));
      const summary = tissueScoreSummary(reviews);
      return { reviews, criterion_averages: summary.averages, mean_score: summary.mean };
    },

    /** GET tissue_review/{id}/ */
    async get(actor: Actor, id: number): Promise<TissueReviewDto> {
      const entry = await repo.findReview(db, id);
      if (!entry || !mayRead(actor, entry)) throw new NotFoundError();
      return present(actor, entry);
    },

    /**
     * PATCH tissue_review/{id}/: the reviewer's own review, only while the request is Under
     * Review (staff §4.3); scores are 0 to 50 in steps of 5 (the schema refuses others, nothing
     * stored). `submit` records when it was submitted.
     */
    async update(actor: Actor, id: number, input: UpdateTissueReview): Promise<TissueReviewDto> {
      await db.transaction(async (tx) => {
        const locked = await repo.lockReview(tx, id);
        const assigned =
          locked !== null && (await repo.isAssigned(tx, locked.review.requestId, locked.review.reviewerId));
        if (!locked || !can(actor, 'update', 'TissueReview', subjectOf(locked.review, assigned)))
          throw new NotFoundError();
        if (locked.requestStatus !== WORKFLOW_STATUS.underReview)
          throw new ValidationError({ non_field_errors: [TISSUE_REVIEW_MESSAGES.notUnderReview] });
        const values: Record<string, unknown> = {};
        for (const key of ANSWER_KEYS) {
          const value = (input as Record<string, unknown>)[key];
          if (value !== undefined) values[column(key)] = typeof value === 'string' ? value.trim() : value;
        }
        if (input.submit) values.submittedAt = new Date();
        const before = answersOf(locked.review);
        const updated = await repo.updateReview(tx, id, values);
        await recordHistory(tx, {
          model: 'tissue_review',
          objectId: id,
          action: 'update',
          before: { ...before, submitted_at: locked.review.submittedAt },
          after: { ...answersOf(updated), submitted_at: updated.submittedAt },
          by: actor,
        });
      });
      return this.get(actor, id);
    },
  };
}

export type TissueReviewsService = ReturnType<typeof createTissueReviewsService>;
