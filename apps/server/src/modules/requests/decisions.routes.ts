import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decisionEmailQuerySchema,
  decisionEmailSchema,
  decisionInputSchema,
  idParamSchema,
  requestDecisionsSchema,
  requestSchema,
} from '@rrp/domain';
import type { RequestsService } from './requests.service';

/** Decisions on a request (staff §4.2, §7; DESIGN §3 "Workflows"). */
export const decisionsRoutes: FastifyPluginAsyncZod<{ requests: RequestsService }> = async (
  app,
  { requests },
) => {
  const tags = ['requests'];

  /** The decisions open to the caller's active role, and whether the team is complete. */
  app.get(
    '/api/request/:id/decisions/',
    {
      config: { access: { action: 'read', subject: 'Request' } },
      schema: { tags, params: idParamSchema, response: { 200: requestDecisionsSchema } },
    },
    (request) => requests.decisions(request.actor!, request.params.id),
  );

  /** The prefilled e-mail of one decision, for the composer. */
  app.get(
    '/api/request/:id/decision-email/',
    {
      config: { access: { action: 'decide', subject: 'Request' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: decisionEmailQuerySchema,
        response: { 200: decisionEmailSchema },
      },
    },
    (request) => requests.decisionEmail(request.actor!, request.params.id, request.query.status),
  );

  /** A decision, with its e-mail and documents; answers the request. */
  app.post(
    '/api/request/:id/decision/',
    {
      config: { access: { action: 'decide', subject: 'Request' }, idempotent: true },
      schema: { tags, params: idParamSchema, body: decisionInputSchema, response: { 200: requestSchema } },
    },
    (request) => requests.decide(request.actor!, request.params.id, request.body, request.idempotencyClaim),
  );
};
