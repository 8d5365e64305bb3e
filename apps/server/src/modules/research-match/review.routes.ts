import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conflictInputSchema,
  conflictSchema,
  createReviewSchema,
  idParamSchema,
  pageSchema,
  reviewDeleteSchema,
  reviewSchema,
  reviewUsersSchema,
  updateReviewSchema,
} from '@rrp/domain';
import { detailQuerySchema, listQuerySchema, parseExpand, toPage } from '../../platform/list';
import type { RequestStaffService } from '../requests/request-staff.service';
import { conflictList, reviewList } from './review.lists';
import type { ReviewService } from './review.service';

/**
 * Research Match reviews and conflicts of interest (staff §7: GET/POST review, the review delete
 * action, GET/POST/DELETE conflict), plus GET and PATCH of one review for the autosave.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewService;
  staff: RequestStaffService;
}> = async (app, { reviews, staff }) => {
  const tags = ['research-match'];

  app.get(
    '/api/review/',
    {
      config: { access: { action: 'list', subject: 'Review' } },
      schema: {
        tags,
        description: 'Reviews: staff who read every review see all, reviewers their own.',
        querystring: listQuerySchema(reviewList),
        response: { 200: pageSchema(reviewSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await reviews.list(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.post(
    '/api/review/',
    {
      config: { access: { action: 'create', subject: 'Review' } },
      schema: {
        tags,
        description:
          "The caller's review of an application Under Review they are assigned to, after answering the conflict question (No). Score blocks `{score 1–5, strengths, weaknesses}` per criterion, `reviewer_decision`, `build_merit`. Staff who assign reviewers send an empty review naming another `reviewer` (and `reviewer_role`): the reviewer is assigned, and the answer is the request's reviewers, as from `PUT request/{id}/review_users/`.",
        body: createReviewSchema,
        querystring: detailQuerySchema,
        response: { 201: z.union([reviewSchema, reviewUsersSchema]) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reviews.create(request.actor!, request.body, parseExpand(reviewList, request.query.expand)),
        ),
  );

  // The spec's `review delete action`: the reviewer leaves the request (the staff panel's list, one entry).
  app.post(
    '/api/review/delete/',
    {
      config: { access: { action: 'update', subject: 'RequestReviewer' } },
      schema: {
        tags,
        description:
          'Removes a reviewer (in `role`, when sent) from a request. A request Under Review asks for `confirm: true` first (409); an Approved or Rejected request keeps its reviewers (400).',
        body: reviewDeleteSchema,
        response: { 200: reviewUsersSchema },
      },
    },
    (request) => staff.removeReviewer(request.actor!, request.body),
  );

  app.get(
    '/api/review/:id/',
    {
      config: { access: { action: 'read', subject: 'Review' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: detailQuerySchema,
        response: { 200: reviewSchema },
      },
    },
    (request) =>
      reviews.get(request.actor!, request.params.id, parseExpand(reviewList, request.query.expand)),
  );

  app.patch(
    '/api/review/:id/',
    {
      config: { access: { action: 'update', subject: 'Review' } },
      schema: {
        tags,
        description: 'The author changes their review while the application is Under Review (the autosave).',
        params: idParamSchema,
        querystring: detailQuerySchema,
        body: updateReviewSchema,
        response: { 200: reviewSchema },
      },
    },
    (request) =>
      reviews.update(
        request.actor!,
        request.params.id,
        request.body,
        parseExpand(reviewList, request.query.expand),
      ),
  );

  app.get(
    '/api/conflict/',
    {
      config: { access: { action: 'list', subject: 'ReviewConflict' } },
      schema: {
        tags,
        querystring: listQuerySchema(conflictList),
        response: { 200: pageSchema(conflictSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await reviews.listConflicts(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.post(
    '/api/conflict/',
    {
      config: { access: { action: 'create', subject: 'ReviewConflict' } },
      schema: {
        tags,
        description:
          "An assigned reviewer's answer to the conflict-of-interest question. Yes needs an explanation and takes them off the primary role (`removed_as_primary`).",
        body: conflictInputSchema,
        response: { 201: conflictSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await reviews.declare(request.actor!, request.body)),
  );

  app.get(
    '/api/conflict/:id/',
    {
      config: { access: { action: 'read', subject: 'ReviewConflict' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: detailQuerySchema,
        response: { 200: conflictSchema },
      },
    },
    (request) =>
      reviews.getConflict(request.actor!, request.params.id, parseExpand(conflictList, request.query.expand)),
  );

  app.delete(
    '/api/conflict/:id/',
    {
      config: { access: { action: 'delete', subject: 'ReviewConflict' } },
      schema: { tags, params: idParamSchema },
    },
    async (request, reply) => {
      await reviews.deleteConflict(request.actor!, request.params.id);
      return reply.status(204).send();
    },
  );
};
