import {
  cohortSchema,
  createDatasetAccessSchema,
  createDatasetSchema,
  datasetAccessSchema,
  datasetResearcherSchema,
  datasetSchema,
  idOrUuidParamSchema,
  idParamSchema,
  newDatasetVersionSchema,
  publicDatasetSchema,
  publicResearcherProfileSchema,
  publicResearcherSchema,
  sampleTypeSchema,
  updateDatasetAccessSchema,
  updateDatasetSchema,
  updateSampleTypeSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import {
  detailQuerySchema as expandQuerySchema,
  listRoute,
  objectRoutes,
  parseExpand,
} from '../../platform/list';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import {
  cohortList,
  datasetAccessList,
  datasetList,
  datasetResearcherList,
  publicDatasetList,
  publicResearcherList,
  sampleTypeList,
} from './catalogue.lists';
import type { CatalogueService } from './catalogue.service';
import type { PublicCatalogueService } from './public.service';

const cohort = objectRoutes('/api/cohort/', 'Cohort', cohortSchema);
const dataset = objectRoutes('/api/dataset/', 'Dataset', datasetSchema, datasetList, {
  table: 'datasets',
  history: 'dataset',
});
const sampleType = objectRoutes('/api/sample-type/', 'SampleType', sampleTypeSchema, sampleTypeList, {
  table: 'sample_types',
  history: 'sampletype',
});
const datasetAccess = objectRoutes(
  '/api/datasetaccess/',
  'DatasetAccess',
  datasetAccessSchema,
  datasetAccessList,
  { table: 'dataset_access', history: 'datasetaccess' },
);
const publicDataset = objectRoutes('/api/public/dataset/', 'PublicDataset', publicDatasetSchema);
const publicResearcher = objectRoutes('/api/public/user/', 'PublicProfile', publicResearcherSchema);

export const catalogueRoutes = routes<{
  catalogue: CatalogueService;
  publicCatalogue: PublicCatalogueService;
}>(['catalogue'], ({ catalogue, publicCatalogue }) => [
  cohort.list({ list: cohortList, load: ({ query }) => catalogue.listCohorts(query) }),
  cohort.read(({ params }) => catalogue.getCohort(params.id)),

  /* ---------------------------------------------------------------- datasets */

  dataset.list({ list: datasetList, load: ({ actor, query }) => catalogue.listDatasets(actor, query) }),
  dataset.create({
    body: createDatasetSchema,
    handle: ({ actor, body, expand }) => catalogue.createDataset(actor, body, expand),
  }),
  dataset.read({
    summary: "By the version's id, or by the dataset's UUID (the latest version; the web's `isUUID` links).",
    params: idOrUuidParamSchema,
    handle: ({ actor, params, expand }) => catalogue.getDataset(actor, params.id, expand),
  }),
  dataset.update({
    body: updateDatasetSchema,
    handle: ({ actor, params, body, expand }) => catalogue.updateDataset(actor, params.id, body, expand),
  }),
  route({
    method: 'POST',
    url: '/api/dataset/:id/new_version/',
    access: allow('update', 'Dataset'),
    params: idParamSchema,
    query: expandQuerySchema,
    body: newDatasetVersionSchema,
    response: datasetSchema,
    status: 201,
    handle: ({ actor, params, query, body }) =>
      catalogue.newVersion(actor, params.id, body, parseExpand(datasetList, query.expand)),
  }),

  /* ---------------------------------------------------------------- sample types */

  sampleType.list({
    list: sampleTypeList,
    load: ({ actor, query }) => catalogue.listSampleTypes(actor, query),
  }),
  sampleType.read(({ actor, params, expand }) => catalogue.getSampleType(actor, params.id, expand)),
  sampleType.update({
    body: updateSampleTypeSchema,
    handle: ({ actor, params, body, expand }) => catalogue.updateSampleType(actor, params.id, body, expand),
  }),

  /* ---------------------------------------------------------------- dataset access */

  datasetAccess.list({ list: datasetAccessList, load: ({ query }) => catalogue.listDatasetAccess(query) }),
  datasetAccess.read(({ params, expand }) => catalogue.getDatasetAccess(params.id, expand)),
  datasetAccess.create({
    summary: '201 with a new record; 200 when the user already had a record for that dataset and channel.',
    body: createDatasetAccessSchema,
    status: 200,
    otherResponses: { 201: datasetAccessSchema },
    handle: async ({ actor, body, expand, reply }) => {
      const { created, access } = await catalogue.createDatasetAccess(actor, body, expand);
      return reply.status(created ? 201 : 200).send(access);
    },
  }),
  datasetAccess.update({
    body: updateDatasetAccessSchema,
    handle: ({ actor, params, body, expand }) =>
      catalogue.updateDatasetAccess(actor, params.id, body, expand),
  }),
  listRoute({
    url: '/api/dataset/:id/researchers/',
    description:
      'The researchers of a dataset on the dataset access page: owners and team members of its ' +
      'approved or fulfilled requests, and anyone with an access record on it.',
    access: allow('list', 'DatasetAccess'),
    params: idParamSchema,
    list: datasetResearcherList,
    item: datasetResearcherSchema,
    load: ({ params, query }) => catalogue.listResearchers(params.id, query),
  }),

  /* ---------------------------------------------------------------- public pages */

  publicDataset.list({ list: publicDatasetList, load: ({ query }) => publicCatalogue.listDatasets(query) }),
  publicDataset.read({
    params: idOrUuidParamSchema,
    handle: ({ params }) => publicCatalogue.getDataset(params.id),
  }),
  ...(['data_dictionary', 'release_notes'] as const).map((kind) =>
    route({
      method: 'GET',
      url: `/api/public/dataset/:id/${kind}/`,
      access: allow('read', 'PublicDataset'),
      params: idOrUuidParamSchema,
      handle: async ({ params, reply }) => {
        const { file, content } = await publicCatalogue.download(params.id, kind);
        return reply
          .type(file.contentType)
          .header('Content-Disposition', attachmentDisposition(file.name))
          .send(content);
      },
    }),
  ),
  publicResearcher.list({
    list: publicResearcherList,
    load: ({ query }) => publicCatalogue.listResearchers(query),
  }),
  publicResearcher.read({
    response: publicResearcherProfileSchema,
    handle: ({ params }) => publicCatalogue.getResearcher(params.id),
  }),
]);
