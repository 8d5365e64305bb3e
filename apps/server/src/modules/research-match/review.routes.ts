import { z } from 'zod';
import {
  conflictInputSchema,
  conflictSchema,
  createReviewSchema,
  idParamSchema,
  reviewDeleteSchema,
  reviewSchema,
  reviewUsersSchema,
  updateReviewSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { detailQuerySchema, listRoute, parseExpand } from '../../platform/list';
import type { RequestStaffService } from '../requests/request-staff.service';
import { conflictList, reviewList } from './review.lists';
import type { ReviewService } from './review.service';

/**
 * Research Match reviews and conflicts of interest (staff §7: GET/POST review, the review delete
 * action, GET/POST/DELETE conflict), plus GET and PATCH of one review for the autosave.
 */
export const reviewRoutes = routes<{ reviews: ReviewService; staff: RequestStaffService }>(
  ['research-match'],
  ({ reviews, staff }) => [
    listRoute({
      url: '/api/review/',
      description: 'Reviews: staff who read every review see all, reviewers their own.',
      access: allow('list', 'Review'),
      list: reviewList,
      item: reviewSchema,
      load: ({ actor, query }) => reviews.list(actor, query),
    }),
    route({
      method: 'POST',
      url: '/api/review/',
      description:
        "The caller's review of an application Under Review they are assigned to, after answering the conflict question (No). Score blocks `{score 1–5, strengths, weaknesses}` per criterion, `reviewer_decision`, `build_merit`. Staff who assign reviewers send an empty review naming another `reviewer` (and `reviewer_role`): the reviewer is assigned, and the answer is the request's reviewers, as from `PUT request/{id}/review_users/`.",
      access: allow('create', 'Review'),
      body: createReviewSchema,
      query: detailQuerySchema,
      status: 201,
      response: z.union([reviewSchema, reviewUsersSchema]),
      handle: ({ actor, body, query }) => reviews.create(actor, body, parseExpand(reviewList, query.expand)),
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
    route({
      method: 'GET',
      url: '/api/review/:id/',
      access: allow('read', 'Review'),
      params: idParamSchema,
      query: detailQuerySchema,
      response: reviewSchema,
      handle: ({ actor, params, query }) =>
        reviews.get(actor, params.id, parseExpand(reviewList, query.expand)),
    }),
    route({
      method: 'PATCH',
      url: '/api/review/:id/',
      description: 'The author changes their review while the application is Under Review (the autosave).',
      access: allow('update', 'Review'),
      params: idParamSchema,
      query: detailQuerySchema,
      body: updateReviewSchema,
      response: reviewSchema,
      handle: ({ actor, params, query, body }) =>
        reviews.update(actor, params.id, body, parseExpand(reviewList, query.expand)),
    }),
    listRoute({
      url: '/api/conflict/',
      access: allow('list', 'ReviewConflict'),
      list: conflictList,
      item: conflictSchema,
      load: ({ actor, query }) => reviews.listConflicts(actor, query),
    }),
    route({
      method: 'POST',
      url: '/api/conflict/',
      description:
        "An assigned reviewer's answer to the conflict-of-interest question. Yes needs an explanation and takes them off the primary role (`removed_as_primary`).",
      access: allow('create', 'ReviewConflict'),
      body: conflictInputSchema,
      status: 201,
      response: conflictSchema,
      handle: ({ actor, body }) => reviews.declare(actor, body),
    }),
    route({
      method: 'GET',
      url: '/api/conflict/:id/',
      access: allow('read', 'ReviewConflict'),
      params: idParamSchema,
      query: detailQuerySchema,
      response: conflictSchema,
      handle: ({ actor, params, query }) =>
        reviews.getConflict(actor, params.id, parseExpand(conflictList, query.expand)),
    }),
    route({
      method: 'DELETE',
      url: '/api/conflict/:id/',
      access: allow('delete', 'ReviewConflict'),
      params: idParamSchema,
      status: 204,
      handle: ({ actor, params }) => reviews.deleteConflict(actor, params.id),
    }),
  ],
);
