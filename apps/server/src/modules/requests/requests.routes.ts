import {
  abnDashboardSchema,
  createRequestSchema,
  idParamSchema,
  pageSchema,
  REQUEST_STAFF_MESSAGES,
  requestDeletedSchema,
  requestSchema,
  updateRequestSchema,
  validateSamplesResultSchema,
  validateSamplesSchema,
} from '@rrp/domain';
import { ValidationError } from '../../platform/http/errors';
import { allow, route, routes } from '../../platform/http/route';
import { detailQuerySchema, listQuerySchema, parseExpand, toPage } from '../../platform/list';
import { requestList } from './requests.lists';
import type { RequestsService } from './requests.service';
import type { RequestStaffService } from './request-staff.service';

/** `?expand=` on a single request: the relations the list offers. */
const expandOf = (query: { expand?: string }) => parseExpand(requestList, query.expand);

export const requestsRoutes = routes<{ requests: RequestsService; staff: RequestStaffService }>(
  ['requests'],
  ({ requests, staff }) => [
    route({
      method: 'GET',
      url: '/api/request/',
      access: allow('list', 'Request'),
      query: listQuerySchema(requestList),
      response: pageSchema(requestSchema),
      handle: async ({ actor, query, request }) => {
        const { list, count, results } = await requests.list(actor, query);
        return toPage(request, list, count, results);
      },
    }),
    route({
      method: 'GET',
      url: '/api/abn_dashboard/',
      description:
        'The ABN dashboard (staff §2.7): each tab with the number of requests it holds, among those the caller may read.',
      access: allow('list', 'Request'),
      response: abnDashboardSchema,
      handle: ({ actor }) => requests.abnDashboard(actor),
    }),
    route({
      method: 'POST',
      url: '/api/request/',
      access: allow('create', 'Request'),
      idempotent: true,
      query: detailQuerySchema,
      body: createRequestSchema,
      status: 201,
      response: requestSchema,
      handle: ({ actor, query, body, request }) =>
        requests.create(actor, body, expandOf(query), request.idempotencyClaim),
    }),
    route({
      method: 'GET',
      url: '/api/request/:id/',
      access: allow('read', 'Request'),
      params: idParamSchema,
      query: detailQuerySchema,
      response: requestSchema,
      handle: ({ actor, params, query }) => requests.get(actor, params.id, expandOf(query)),
    }),
    route({
      method: 'PATCH',
      url: '/api/request/:id/',
      access: allow('update', 'Request'),
      params: idParamSchema,
      query: detailQuerySchema,
      body: updateRequestSchema,
      response: requestSchema,
      handle: async ({ actor, params, query, body }) => {
        const { comments, zendesk_ticket_ids: zendeskTicketIds, ...edit } = body;
        const expand = expandOf(query);
        // Staff §7 `comments {add}` and `zendesk_ticket_ids`: the staff panel's writes (decision 081).
        if (comments !== undefined || zendeskTicketIds !== undefined) {
          if (Object.values(edit).some((value) => value !== undefined)) {
            throw ValidationError.nonField(REQUEST_STAFF_MESSAGES.staffFieldsAlone);
          }
          await staff.patchStaffFields(actor, params.id, { comment: comments?.add, zendeskTicketIds });
          return requests.get(actor, params.id, expand);
        }
        return requests.update(actor, params.id, edit, expand);
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/request/:id/',
      description:
        "200 `{status: true, msg: 'Request Deleted Successfully', data}`; 400 `{status: false, non_field_errors, data}` once approved, fulfilled or rejected (researcher §8, staff §8).",
      access: allow('delete', 'Request'),
      params: idParamSchema,
      response: requestDeletedSchema,
      handle: ({ actor, params }) => requests.remove(actor, params.id),
    }),
    route({
      method: 'POST',
      url: '/api/validateSamples/',
      description:
        "Sample availability per id, at most 100 ids a call (researcher §7; the spec's path). The router ignores trailing slashes, so `/api/validateSamples` answers too.",
      access: allow('read', 'SampleAvailability'),
      body: validateSamplesSchema,
      response: validateSamplesResultSchema,
      handle: ({ body }) => requests.validateSamples(body),
    }),
  ],
);
