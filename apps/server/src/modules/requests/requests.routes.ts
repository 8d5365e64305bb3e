import {
  abnDashboardSchema,
  createRequestSchema,
  REQUEST_STAFF_MESSAGES,
  requestDeletedSchema,
  requestSchema,
  updateRequestSchema,
  validateSamplesResultSchema,
  validateSamplesSchema,
} from '@rrp/domain';
import { ValidationError } from '../../platform/http/errors';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { requestList } from './requests.lists';
import { requestVersion } from './request-page.repo';
import type { RequestsService } from './requests.service';
import type { StaffFieldsForRequests } from './request-hooks';

const resourceRequest = objectRoutes('/api/request/', 'Request', requestSchema, requestList, requestVersion);

export const requestsRoutes = routes<{ requests: RequestsService; staff: StaffFieldsForRequests }>(
  ['requests'],
  ({ requests, staff }) => [
    resourceRequest.list({ list: requestList, load: ({ actor, query }) => requests.list(actor, query) }),
    route({
      method: 'GET',
      url: '/api/abn_dashboard/',
      description:
        'The ABN dashboard (staff §2.7): each tab with the number of requests it holds, among those the caller may read.',
      access: allow('list', 'Request'),
      response: abnDashboardSchema,
      handle: ({ actor }) => requests.abnDashboard(actor),
    }),
    resourceRequest.create({
      idempotent: true,
      body: createRequestSchema,
      handle: ({ actor, body, expand, request }) =>
        requests.create(actor, body, expand, request.idempotencyClaim),
    }),
    resourceRequest.read(({ actor, params, expand }) => requests.detail(actor, params.id, expand)),
    resourceRequest.update({
      body: updateRequestSchema,
      handle: async ({ actor, params, body, expand }) => {
        const { comments, zendesk_ticket_ids: zendeskTicketIds, ...edit } = body;
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
    resourceRequest.remove({
      description:
        "200 `{status: true, msg: 'Request Deleted Successfully', data}`; 400 `{status: false, non_field_errors, data}` once approved, fulfilled or rejected (researcher §8, staff §8).",
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
