import {
  decisionEmailQuerySchema,
  decisionEmailSchema,
  decisionInputSchema,
  idParamSchema,
  requestDecisionsSchema,
  requestSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import type { DecisionsService } from './decisions.service';

/** Decisions on a request (staff §4.2, §7; DESIGN §3 "Workflows"). */
export const decisionsRoutes = routes<{ decisions: DecisionsService }>(['requests'], ({ decisions }) => [
  route({
    method: 'GET',
    url: '/api/request/:id/decisions/',
    summary: "The decisions open to the caller's active role, and whether the team is complete.",
    access: allow('read', 'Request'),
    params: idParamSchema,
    response: requestDecisionsSchema,
    handle: ({ actor, params }) => decisions.decisions(actor, params.id),
  }),
  route({
    method: 'GET',
    url: '/api/request/:id/decision-email/',
    summary: 'The prefilled e-mail of one decision, for the composer.',
    access: allow('decide', 'Request'),
    params: idParamSchema,
    query: decisionEmailQuerySchema,
    response: decisionEmailSchema,
    handle: ({ actor, params, query }) => decisions.decisionEmail(actor, params.id, query.status),
  }),
  route({
    method: 'POST',
    url: '/api/request/:id/decision/',
    summary: 'A decision, with its e-mail and documents; answers the request.',
    access: allow('decide', 'Request'),
    idempotent: true,
    params: idParamSchema,
    body: decisionInputSchema,
    response: requestSchema,
    handle: ({ actor, params, body, request }) =>
      decisions.decide(actor, params.id, body, request.idempotencyClaim),
  }),
]);
