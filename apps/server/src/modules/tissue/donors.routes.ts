import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  donorFilterOptionsSchema,
  donorLookupQuerySchema,
  donorOptionsQuerySchema,
  donorSchema,
  donorSurveyQuerySchema,
  idParamSchema,
  pageSchema,
} from '@rrp/domain';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import { listQuerySchema, toPage } from '../../platform/list';
import { donorList } from './donors.lists';
import type { DonorSet, DonorsService } from './donors.service';

/**
 * Tissue donors (staff §7 abn_donor, abn_survey, abn_data, abn_data_pilot; researcher §7): the
 * catalogue and the pilot set, a donor by hash with its documents, and survey downloads.
 */
export const donorsRoutes: FastifyPluginAsyncZod<{ donors: DonorsService }> = async (app, { donors }) => {
  const tags = ['tissue'];
  const sets: [string, DonorSet][] = [
    ['abn_data', 'catalogue'],
    ['abn_data_pilot', 'pilot'],
  ];

  for (const [path, set] of sets) {
    app.get(
      `/api/${path}/`,
      {
        config: { access: { action: 'list', subject: 'TissueDonor' } },
        schema: {
          tags,
          description:
            'Donors of the set, filtered in SQL: `diagnosis__in`, `age__gte`/`__lte` (0–130), `pmi__gte`/`__lte` (0–200), `rin__gte`/`__lte` (0–130), `gender__in`, hemispheres, conditions (`medical_conditions__in`, …), `search` by donor hash; `limit` up to 2000. `selectable` says whether the caller may put the donor in a collection.',
          querystring: listQuerySchema(donorList),
          response: { 200: pageSchema(donorSchema) },
        },
      },
      async (request) => {
        const { list, count, results } = await donors.list(request.actor!, set, request.query);
        return toPage(request, list, count, results);
      },
    );

    app.get(
      `/api/${path}/options/`,
      {
        config: { access: { action: 'list', subject: 'TissueDonor' } },
        schema: {
          tags,
          description:
            'The values the filter panel offers, from the donors of the set. With `cart`, for the page of that collection: whoever may read the collection may ask.',
          querystring: donorOptionsQuerySchema,
          response: { 200: donorFilterOptionsSchema },
        },
      },
      (request) => donors.filterOptions(request.actor!, set, request.query.cart),
    );

    app.get(
      `/api/${path}/:id/`,
      {
        config: { access: { action: 'read', subject: 'TissueDonor' } },
        schema: { tags, params: idParamSchema, response: { 200: donorSchema } },
      },
      (request) => donors.get(request.actor!, set, request.params.id),
    );
  }

  app.get(
    '/api/abn_donor/',
    {
      config: { access: { action: 'read', subject: 'TissueDonor' } },
      schema: {
        tags,
        description:
          'The donor with this `donor_hash`; with `doc_id`, that document of the donor as a file download.',
        querystring: donorLookupQuerySchema,
      },
    },
    async (request, reply) => {
      const { donor_hash: hash, doc_id: documentId } = request.query;
      // The donor, shaped by the shared schema (the document's bytes below need no schema).
      if (documentId === undefined) return donorSchema.parse(await donors.byHash(request.actor!, hash));
      const file = await donors.document(request.actor!, hash, documentId);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', attachmentDisposition(file.name))
        .send(file.content);
    },
  );

  app.get(
    '/api/abn_survey/',
    {
      config: { access: { action: 'read', subject: 'TissueDonor' } },
      schema: {
        tags,
        description: "The donor's answers to the survey as a CSV file.",
        querystring: donorSurveyQuerySchema,
      },
    },
    async (request, reply) => {
      const { donor_hash: hash, survey_type: surveyType } = request.query;
      const file = await donors.survey(request.actor!, hash, surveyType);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(file.name))
        .send(file.content);
    },
  );
};
