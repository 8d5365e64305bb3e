import {
  createRequestCommentSchema,
  idParamSchema,
  pageSchema,
  requestCommentSchema,
  reviewUsersInputSchema,
  reviewUsersSchema,
  zendeskConversationsSchema,
  zendeskTicketIdsInputSchema,
  zendeskTicketIdsSchema,
  zendeskTicketQuerySchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { pagingQuerySchema, toPage } from '../../platform/list';
import type { RequestStaffService } from './request-staff.service';

/** The staff panel of a request (staff §3, §6, §7; decision 081). */
export const requestStaffRoutes = routes<{ staff: RequestStaffService }>(['requests'], ({ staff }) => [
  route({
    method: 'PUT',
    url: '/api/request/:id/review_users/',
    description:
      'Sets the reviewers (at most 100, reviewer groups only). Removing reviewers of a request Under Review without `confirm: true` answers 409 `{detail, active_reviewers: [{id, display_name}]}`.',
    access: allow('update', 'RequestReviewer'),
    params: idParamSchema,
    body: reviewUsersInputSchema,
    response: reviewUsersSchema,
    handle: ({ actor, params, body }) => staff.setReviewUsers(actor, params.id, body),
  }),
  route({
    method: 'GET',
    url: '/api/request/:id/comments/',
    access: allow('list', 'RequestComment'),
    params: idParamSchema,
    query: pagingQuerySchema,
    response: pageSchema(requestCommentSchema),
    handle: async ({ actor, params, query, request }) => {
      const { count, results } = await staff.listComments(actor, params.id, query);
      return toPage(request, query, count, results);
    },
  }),
  route({
    method: 'POST',
    url: '/api/request/:id/comments/',
    access: allow('create', 'RequestComment'),
    params: idParamSchema,
    body: createRequestCommentSchema,
    status: 201,
    response: requestCommentSchema,
    handle: ({ actor, params, body }) => staff.addComment(actor, params.id, body),
  }),
  route({
    method: 'PATCH',
    url: '/api/request/:id/zendesk/',
    access: allow('update', 'ZendeskTicket'),
    params: idParamSchema,
    body: zendeskTicketIdsInputSchema,
    response: zendeskTicketIdsSchema,
    handle: ({ actor, params, body }) => staff.setZendeskTicketIds(actor, params.id, body),
  }),
  route({
    method: 'GET',
    url: '/api/zendesk_ticket/',
    description:
      'Conversations keyed by ticket id; ids Zendesk does not know are left out. 503 when it fails.',
    access: allow('read', 'ZendeskTicket'),
    query: zendeskTicketQuerySchema,
    response: zendeskConversationsSchema,
    handle: ({ query }) => staff.zendeskConversations(query.ids),
  }),
]);
