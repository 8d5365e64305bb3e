import {
  idParamSchema,
  requestTissueReviewsSchema,
  tissueReviewSchema,
  updateTissueReviewSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import type { TissueReviewsService } from './tissue-reviews.service';

const review = objectRoutes('/api/tissue_review/', 'TissueReview', tissueReviewSchema, undefined, {
  table: 'tissue_reviews',
  history: 'tissue_review',
});

/** Tissue reviews (staff §2.6 the review page, researcher §2 the Reviews tab). */
export const tissueReviewsRoutes = routes<{ reviews: TissueReviewsService }>(['tissue'], ({ reviews }) => [
  route({
    method: 'GET',
    url: '/api/request/:id/tissue-reviews/',
    description:
      "A pilot tissue or tissue request's reviews the caller reads (staff: all; a reviewer: their own), each criterion's average across reviewers and the mean of those averages. 404 when there are none to read.",
    access: allow('list', 'TissueReview'),
    params: idParamSchema,
    response: requestTissueReviewsSchema,
    handle: ({ actor, params }) => reviews.ofRequest(actor, params.id),
  }),
  review.read({
    description: 'One tissue review.',
    handle: ({ actor, params }) => reviews.get(actor, params.id),
  }),
  review.update({
    description:
      "The reviewer's own review while the request is Under Review: `{criterion}_score` (0 to 50 in steps of 5, or null) and `{criterion}_comment` for importance, autism_understanding, novel, design, alternatives, preliminary_data, expertise; `funding_comment`, `missing_info_comment`, `recommendation_comment`; `submit: true` marks it submitted.",
    body: updateTissueReviewSchema,
    handle: ({ actor, params, body }) => reviews.update(actor, params.id, body),
  }),
]);
