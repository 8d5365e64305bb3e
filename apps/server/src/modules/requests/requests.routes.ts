import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { listQuerySchema, toPage } from '../../platform/list';
import { requestList } from './requests.lists';
import type { RequestsService } from './requests.service';
import type { RequestStaffService } from './request-staff.service';

/** `?expand=` on a single request: the relations the list offers. */
const expandQuerySchema = z.strictObject({ expand: z.string().max(200).optional() });

function parseExpand(raw: string | undefined): ReadonlySet<string> {
  const names = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !requestList.expand?.includes(name));
  if (unknown.length > 0)
    throw new ValidationError({ expand: unknown.map((name) => `Unknown relation: ${name}.`) });
  return new Set(names);
}

export const requestsRoutes: FastifyPluginAsyncZod<{
  requests: RequestsService;
  staff: RequestStaffService;
}> = async (app, { requests, staff }) => {
  const tags = ['requests'];

  app.get(
    '/api/request/',
    {
      config: { access: { action: 'list', subject: 'Request' } },
      schema: {
        tags,
        querystring: listQuerySchema(requestList),
        response: { 200: pageSchema(requestSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await requests.list(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/abn_dashboard/',
    {
      config: { access: { action: 'list', subject: 'Request' } },
      schema: {
        tags,
        description:
          'The ABN dashboard (staff §2.7): each tab with the number of requests it holds, among those the caller may read.',
        response: { 200: abnDashboardSchema },
      },
    },
    (request) => requests.abnDashboard(request.actor!),
  );

  app.post(
    '/api/request/',
    {
      config: { access: { action: 'create', subject: 'Request' }, idempotent: true },
      schema: {
        tags,
        querystring: expandQuerySchema,
        body: createRequestSchema,
        response: { 201: requestSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await requests.create(
            request.actor!,
            request.body,
            parseExpand(request.query.expand),
            request.idempotencyClaim,
          ),
        ),
  );

  app.get(
    '/api/request/:id/',
    {
      config: { access: { action: 'read', subject: 'Request' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: expandQuerySchema,
        response: { 200: requestSchema },
      },
    },
    (request) => requests.get(request.actor!, request.params.id, parseExpand(request.query.expand)),
  );

  app.patch(
    '/api/request/:id/',
    {
      config: { access: { action: 'update', subject: 'Request' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: expandQuerySchema,
        body: updateRequestSchema,
        response: { 200: requestSchema },
      },
    },
    async (request) => {
      const { comments, zendesk_ticket_ids: zendeskTicketIds, ...edit } = request.body;
      const expand = parseExpand(request.query.expand);
      // Staff §7 `comments {add}` and `zendesk_ticket_ids`: the staff panel's writes (decision 081).
      if (comments !== undefined || zendeskTicketIds !== undefined) {
        if (Object.values(edit).some((value) => value !== undefined)) {
          throw ValidationError.nonField(REQUEST_STAFF_MESSAGES.staffFieldsAlone);
        }
        await staff.patchStaffFields(request.actor!, request.params.id, {
          comment: comments?.add,
          zendeskTicketIds,
        });
        return requests.get(request.actor!, request.params.id, expand);
      }
      return requests.update(request.actor!, request.params.id, edit, expand);
    },
  );

  /**
   * 200 `{status: true, msg: 'Request Deleted Successfully', data}`; 400 `{status: false,
   * non_field_errors, data}` once approved, fulfilled or rejected (researcher §8, staff §8).
   */
  app.delete(
    '/api/request/:id/',
    {
      config: { access: { action: 'delete', subject: 'Request' } },
      schema: { tags, params: idParamSchema, response: { 200: requestDeletedSchema } },
    },
    (request) => requests.remove(request.actor!, request.params.id),
  );

  /**
   * Sample availability per id, at most 100 ids a call (researcher §7; the spec's path). The
   * router ignores trailing slashes, so `/api/validateSamples` answers too.
   */
  app.post(
    '/api/validateSamples/',
    {
      config: { access: { action: 'read', subject: 'SampleAvailability' } },
      schema: { tags, body: validateSamplesSchema, response: { 200: validateSamplesResultSchema } },
    },
    (request) => requests.validateSamples(request.body),
  );
};
