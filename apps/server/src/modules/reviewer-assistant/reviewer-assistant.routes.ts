import {
  idParamSchema,
  reviewerSuggestionsQuerySchema,
  reviewerSuggestionsSchema,
  reviewerWorkloadDetailSchema,
  reviewerWorkloadRowSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { listRoute } from '../../platform/list';
import { workloadList, type ReviewerAssistantService } from './reviewer-assistant.service';

const LOAD =
  'Open reviews are assigned reviews of requests Under Review not yet completed; due soon, those due ' +
  'within 7 days from today (UTC); overdue, those due before today. The median days to complete is ' +
  'over the reviews completed in the last 12 months, from the assignment (or the start of review) to completion.';

/** The reviewer assignment assistant (beyond the spec, issue 33). */
export const reviewerAssistantRoutes = routes<{ reviewerAssistant: ReviewerAssistantService }>(
  ['reviewer-assistant'],
  ({ reviewerAssistant }) => [
    route({
      method: 'GET',
      url: '/api/request/:id/reviewer-suggestions/',
      description:
        'Reviewers for this request from the groups its flow allows (active accounts, not the applicant, ' +
        'not already assigned): no likely conflict of interest first, then the lightest load (overdue, ' +
        'open, due soon), the quickest median turnaround (unknown last) and the name. Each conflict says ' +
        `why in words. ${LOAD}`,
      access: allow('update', 'RequestReviewer'),
      params: idParamSchema,
      query: reviewerSuggestionsQuerySchema,
      response: reviewerSuggestionsSchema,
      handle: ({ actor, params, query }) => reviewerAssistant.suggestions(actor, params.id, query.limit),
    }),
    listRoute({
      url: '/api/reviewer-workload/',
      description: `Every active member of a reviewer group with their load. ${LOAD}`,
      access: allow('list', 'ReviewerWorkload'),
      list: workloadList,
      item: reviewerWorkloadRowSchema,
      load: ({ query }) => reviewerAssistant.workload(query),
    }),
    route({
      method: 'GET',
      url: '/api/reviewer-workload/:id/',
      description: `A reviewer's load and open reviews, soonest due first; 404 for anyone not an active reviewer. ${LOAD}`,
      access: allow('read', 'ReviewerWorkload'),
      params: idParamSchema,
      response: reviewerWorkloadDetailSchema,
      handle: ({ params }) => reviewerAssistant.reviewerWorkload(params.id),
    }),
  ],
);
