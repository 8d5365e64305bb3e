import { z } from 'zod';
import {
  conflictInputSchema,
  conflictSchema,
  createReviewSchema,
  reviewDeleteSchema,
  reviewSchema,
  reviewUsersSchema,
  updateReviewSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import type { RequestStaffService } from '../request-staff/request-staff.service';
import { conflictList, reviewList } from './review.lists';
import type { ReviewService } from './review.service';

const review = objectRoutes('/api/review/', 'Review', reviewSchema, reviewList, {
  table: 'reviews',
  history: 'review',
});
const conflict = objectRoutes('/api/conflict/', 'ReviewConflict', conflictSchema, conflictList, {
  table: 'review_conflicts',
  history: 'review_conflict',
});

/**
 * Research Match reviews and conflicts of interest (staff §7: GET/POST review, the review delete
 * action, GET/POST/DELETE conflict), plus GET and PATCH of one review for the autosave.
 */
export const reviewRoutes = routes<{ reviews: ReviewService; staff: RequestStaffService }>(
  ['research-match'],
  ({ reviews, staff }) => [
    review.list({
      description: 'Reviews: staff who read every review see all, reviewers their own.',
      list: reviewList,
      load: ({ actor, query }) => reviews.list(actor, query),
    }),
    review.create({
      description:
        "The caller's review of an application Under Review they are assigned to, after answering the conflict question (No). Score blocks `{score 1–5, strengths, weaknesses}` per criterion, `reviewer_decision`, `build_merit`. Staff who assign reviewers send an empty review naming another `reviewer` (and `reviewer_role`): the reviewer is assigned, and the answer is the request's reviewers, as from `PUT request/{id}/review_users/`.",
      body: createReviewSchema,
      response: z.union([reviewSchema, reviewUsersSchema]),
      handle: ({ actor, body, expand }) => reviews.create(actor, body, expand),
    }),
    route({
      method: 'POST',
      url: '/api/review/delete/',
      summary:
        "The spec's `review delete action`: the reviewer leaves the request (the staff panel's list, one entry).",
      description:
        'Removes a reviewer (in `role`, when sent) from a request. A request Under Review asks for `confirm: true` first (409); an Approved or Rejected request keeps its reviewers (400).',
      access: allow('update', 'RequestReviewer'),
      body: reviewDeleteSchema,
      response: reviewUsersSchema,
      handle: ({ actor, body }) => staff.removeReviewer(actor, body),
    }),
    review.read(({ actor, params, expand }) => reviews.get(actor, params.id, expand)),
    review.update({
      description: 'The author changes their review while the application is Under Review (the autosave).',
      body: updateReviewSchema,
      handle: ({ actor, params, body, expand }) => reviews.update(actor, params.id, body, expand),
    }),
    conflict.list({ list: conflictList, load: ({ actor, query }) => reviews.listConflicts(actor, query) }),
    conflict.create({
      description:
        "An assigned reviewer's answer to the conflict-of-interest question. Yes needs an explanation and takes them off the primary role (`removed_as_primary`).",
      expand: false,
      body: conflictInputSchema,
      handle: ({ actor, body }) => reviews.declare(actor, body),
    }),
    conflict.read(({ actor, params, expand }) => reviews.getConflict(actor, params.id, expand)),
    conflict.remove(({ actor, params }) => reviews.deleteConflict(actor, params.id)),
  ],
);
