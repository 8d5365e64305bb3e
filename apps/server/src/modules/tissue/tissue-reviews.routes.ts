import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  requestTissueReviewsSchema,
  tissueReviewSchema,
  updateTissueReviewSchema,
} from '@rrp/domain';
import type { TissueReviewsService } from './tissue-reviews.service';

/** Tissue reviews (staff §2.6 the review page, researcher §2 the Reviews tab). */
export const tissueReviewsRoutes: FastifyPluginAsyncZod<{ reviews: TissueReviewsService }> = async (
  app,
  { reviews },
) => {
  const tags = ['tissue'];

  app.get(
    '/api/request/:id/tissue-reviews/',
    {
      config: { access: { action: 'list', subject: 'TissueReview' } },
      schema: {
        tags,
        description:
          "A pilot tissue or tissue request's reviews the caller reads (staff: all; a reviewer: their own), each criterion's average across reviewers and the mean of those averages. 404 when there are none to read.",
        params: idParamSchema,
        response: { 200: requestTissueReviewsSchema },
      },
    },
    (request) => reviews.ofRequest(request.actor!, request.params.id),
  );

  app.get(
    '/api/tissue_review/:id/',
    {
      config: { access: { action: 'read', subject: 'TissueReview' } },
      schema: {
        tags,
        description: 'One tissue review.',
        params: idParamSchema,
        response: { 200: tissueReviewSchema },
      },
    },
    (request) => reviews.get(request.actor!, request.params.id),
  );

  app.patch(
    '/api/tissue_review/:id/',
    {
      config: { access: { action: 'update', subject: 'TissueReview' } },
      schema: {
        tags,
        description:
          "The reviewer's own review while the request is Under Review: `{criterion}_score` (0 to 50 in steps of 5, or null) and `{criterion}_comment` for importance, autism_understanding, novel, design, alternatives, preliminary_data, expertise; `funding_comment`, `missing_info_comment`, `recommendation_comment`; `submit: true` marks it submitted.",
        params: idParamSchema,
        body: updateTissueReviewSchema,
        response: { 200: tissueReviewSchema },
      },
    },
    (request) => reviews.update(request.actor!, request.params.id, request.body),
  );
};
