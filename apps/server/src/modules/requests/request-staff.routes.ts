import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRequestCommentSchema,
  idParamSchema,
  LIMITS,
  pageSchema,
  requestCommentSchema,
  reviewUsersInputSchema,
  reviewUsersSchema,
  zendeskConversationsSchema,
  zendeskTicketIdsInputSchema,
  zendeskTicketIdsSchema,
  zendeskTicketQuerySchema,
} from '@rrp/domain';
import { toPage } from '../../platform/list';
import type { RequestStaffService } from './request-staff.service';

const pagingSchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIMITS.list.maxLimit).default(LIMITS.list.defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The staff panel of a request (staff §3, §6, §7; decision 081). */
export const requestStaffRoutes: FastifyPluginAsyncZod<{ staff: RequestStaffService }> = async (
  app,
  { staff },
) => {
  const tags = ['requests'];

  app.put(
    '/api/request/:id/review_users/',
    {
      config: { access: { action: 'update', subject: 'RequestReviewer' } },
      schema: {
        tags,
        description:
          'Sets the reviewers (at most 100, reviewer groups only). Removing reviewers of a request Under Review without `confirm: true` answers 409 `{detail, active_reviewers: [{id, display_name}]}`.',
        params: idParamSchema,
        body: reviewUsersInputSchema,
        response: { 200: reviewUsersSchema },
      },
    },
    (request) => staff.setReviewUsers(request.actor!, request.params.id, request.body),
  );

  app.get(
    '/api/request/:id/comments/',
    {
      config: { access: { action: 'list', subject: 'RequestComment' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: pagingSchema,
        response: { 200: pageSchema(requestCommentSchema) },
      },
    },
    async (request) => {
      const { count, results } = await staff.listComments(request.actor!, request.params.id, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/api/request/:id/comments/',
    {
      config: { access: { action: 'create', subject: 'RequestComment' } },
      schema: {
        tags,
        params: idParamSchema,
        body: createRequestCommentSchema,
        response: { 201: requestCommentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await staff.addComment(request.actor!, request.params.id, request.body)),
  );

  app.patch(
    '/api/request/:id/zendesk/',
    {
      config: { access: { action: 'update', subject: 'ZendeskTicket' } },
      schema: {
        tags,
        params: idParamSchema,
        body: zendeskTicketIdsInputSchema,
        response: { 200: zendeskTicketIdsSchema },
      },
    },
    (request) => staff.setZendeskTicketIds(request.actor!, request.params.id, request.body),
  );

  app.get(
    '/api/zendesk_ticket/',
    {
      config: { access: { action: 'read', subject: 'ZendeskTicket' } },
      schema: {
        tags,
        description:
          'Conversations keyed by ticket id; ids Zendesk does not know are left out. 503 when it fails.',
        querystring: zendeskTicketQuerySchema,
        response: { 200: zendeskConversationsSchema },
      },
    },
    (request) => staff.zendeskConversations(request.query.ids),
  );
};
