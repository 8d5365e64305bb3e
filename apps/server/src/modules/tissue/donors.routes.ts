import {
  donorFilterOptionsSchema,
  donorLookupQuerySchema,
  donorOptionsQuerySchema,
  donorSchema,
  donorSurveyQuerySchema,
} from '@rrp/domain';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
import { donorList } from './donors.lists';
import type { DonorSet, DonorsService } from './donors.service';

const SETS: [string, DonorSet][] = [
  ['abn_data', 'catalogue'],
  ['abn_data_pilot', 'pilot'],
];

/**
 * Tissue donors (staff §7 abn_donor, abn_survey, abn_data, abn_data_pilot; researcher §7): the
 * catalogue and the pilot set, a donor by hash with its documents, and survey downloads.
 */
export const donorsRoutes = routes<{ donors: DonorsService }>(['tissue'], ({ donors }) => [
  ...SETS.flatMap(([path, set]) => {
    const donor = objectRoutes(`/api/${path}/`, 'TissueDonor', donorSchema);
    return [
      donor.list({
        description:
          'Donors of the set, filtered in SQL: `diagnosis__in`, `age__gte`/`__lte` (0–130), `pmi__gte`/`__lte` (0–200), `rin__gte`/`__lte` (0–130), `gender__in`, hemispheres, conditions (`medical_conditions__in`, …), `search` by donor hash; `limit` up to 2000. `selectable` says whether the caller may put the donor in a collection.',
        list: donorList,
        load: ({ actor, query }) => donors.list(actor, set, query),
      }),
      route({
        method: 'GET',
        url: `/api/${path}/options/`,
        description:
          'The values the filter panel offers, from the donors of the set. With `cart`, for the page of that collection: whoever may read the collection may ask.',
        access: allow('list', 'TissueDonor'),
        query: donorOptionsQuerySchema,
        response: donorFilterOptionsSchema,
        handle: ({ actor, query }) => donors.filterOptions(actor, set, query.cart),
      }),
      donor.read(({ actor, params }) => donors.get(actor, set, params.id)),
    ];
  }),
  route({
    method: 'GET',
    url: '/api/abn_donor/',
    description:
      'The donor with this `donor_hash`; with `doc_id`, that document of the donor as a file download.',
    access: allow('read', 'TissueDonor'),
    query: donorLookupQuerySchema,
    handle: async ({ actor, query, reply }) => {
      const { donor_hash: hash, doc_id: documentId } = query;
      // The donor, shaped by the shared schema (the document's bytes below need no schema).
      if (documentId === undefined) return donorSchema.parse(await donors.byHash(actor, hash));
      const file = await donors.document(actor, hash, documentId);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', attachmentDisposition(file.name))
        .send(file.content);
    },
  }),
  route({
    method: 'GET',
    url: '/api/abn_survey/',
    description: "The donor's answers to the survey as a CSV file.",
    access: allow('read', 'TissueDonor'),
    query: donorSurveyQuerySchema,
    handle: async ({ actor, query, reply }) => {
      const { donor_hash: hash, survey_type: surveyType } = query;
      const file = await donors.survey(actor, hash, surveyType);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(file.name))
        .send(file.content);
    },
  }),
]);
