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
import { detailQuerySchema as expandQuerySchema, listRoute, parseExpand } from '../../platform/list';
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

export const catalogueRoutes = routes<{
  catalogue: CatalogueService;
  publicCatalogue: PublicCatalogueService;
}>(['catalogue'], ({ catalogue, publicCatalogue }) => [
  listRoute({
    url: '/api/cohort/',
    access: allow('list', 'Cohort'),
    list: cohortList,
    item: cohortSchema,
    load: ({ query }) => catalogue.listCohorts(query),
  }),
  route({
    method: 'GET',
    url: '/api/cohort/:id/',
    access: allow('read', 'Cohort'),
    params: idParamSchema,
    response: cohortSchema,
    handle: ({ params }) => catalogue.getCohort(params.id),
  }),

  /* ---------------------------------------------------------------- datasets */

  listRoute({
    url: '/api/dataset/',
    access: allow('list', 'Dataset'),
    list: datasetList,
    item: datasetSchema,
    load: ({ actor, query }) => catalogue.listDatasets(actor, query),
  }),
  route({
    method: 'POST',
    url: '/api/dataset/',
    access: allow('create', 'Dataset'),
    query: expandQuerySchema,
    body: createDatasetSchema,
    response: datasetSchema,
    status: 201,
    handle: ({ actor, query, body }) =>
      catalogue.createDataset(actor, body, parseExpand(datasetList, query.expand)),
  }),
  route({
    method: 'GET',
    url: '/api/dataset/:id/',
    summary: "By the version's id, or by the dataset's UUID (the latest version; the web's `isUUID` links).",
    access: allow('read', 'Dataset'),
    params: idOrUuidParamSchema,
    query: expandQuerySchema,
    response: datasetSchema,
    handle: ({ actor, params, query }) =>
      catalogue.getDataset(actor, params.id, parseExpand(datasetList, query.expand)),
  }),
  route({
    method: 'PATCH',
    url: '/api/dataset/:id/',
    access: allow('update', 'Dataset'),
    params: idParamSchema,
    query: expandQuerySchema,
    body: updateDatasetSchema,
    response: datasetSchema,
    handle: ({ actor, params, query, body }) =>
      catalogue.updateDataset(actor, params.id, body, parseExpand(datasetList, query.expand)),
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

  listRoute({
    url: '/api/sample-type/',
    access: allow('list', 'SampleType'),
    list: sampleTypeList,
    item: sampleTypeSchema,
    load: ({ actor, query }) => catalogue.listSampleTypes(actor, query),
  }),
  route({
    method: 'GET',
    url: '/api/sample-type/:id/',
    access: allow('read', 'SampleType'),
    params: idParamSchema,
    query: expandQuerySchema,
    response: sampleTypeSchema,
    handle: ({ actor, params, query }) =>
      catalogue.getSampleType(actor, params.id, parseExpand(sampleTypeList, query.expand)),
  }),
  route({
    method: 'PATCH',
    url: '/api/sample-type/:id/',
    access: allow('update', 'SampleType'),
    params: idParamSchema,
    query: expandQuerySchema,
    body: updateSampleTypeSchema,
    response: sampleTypeSchema,
    handle: ({ actor, params, query, body }) =>
      catalogue.updateSampleType(actor, params.id, body, parseExpand(sampleTypeList, query.expand)),
  }),

  /* ---------------------------------------------------------------- dataset access */

  listRoute({
    url: '/api/datasetaccess/',
    access: allow('list', 'DatasetAccess'),
    list: datasetAccessList,
    item: datasetAccessSchema,
    load: ({ query }) => catalogue.listDatasetAccess(query),
  }),
  route({
    method: 'GET',
    url: '/api/datasetaccess/:id/',
    access: allow('read', 'DatasetAccess'),
    params: idParamSchema,
    query: expandQuerySchema,
    response: datasetAccessSchema,
    handle: ({ params, query }) =>
      catalogue.getDatasetAccess(params.id, parseExpand(datasetAccessList, query.expand)),
  }),
  route({
    method: 'POST',
    url: '/api/datasetaccess/',
    summary: '201 with a new record; 200 when the user already had a record for that dataset and channel.',
    access: allow('create', 'DatasetAccess'),
    query: expandQuerySchema,
    body: createDatasetAccessSchema,
    response: datasetAccessSchema,
    otherResponses: { 201: datasetAccessSchema },
    handle: async ({ actor, query, body, reply }) => {
      const { created, access } = await catalogue.createDatasetAccess(
        actor,
        body,
        parseExpand(datasetAccessList, query.expand),
      );
      return reply.status(created ? 201 : 200).send(access);
    },
  }),
  route({
    method: 'PATCH',
    url: '/api/datasetaccess/:id/',
    access: allow('update', 'DatasetAccess'),
    params: idParamSchema,
    query: expandQuerySchema,
    body: updateDatasetAccessSchema,
    response: datasetAccessSchema,
    handle: ({ actor, params, query, body }) =>
      catalogue.updateDatasetAccess(actor, params.id, body, parseExpand(datasetAccessList, query.expand)),
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

  listRoute({
    url: '/api/public/dataset/',
    access: allow('list', 'PublicDataset'),
    list: publicDatasetList,
    item: publicDatasetSchema,
    load: ({ query }) => publicCatalogue.listDatasets(query),
  }),
  route({
    method: 'GET',
    url: '/api/public/dataset/:id/',
    access: allow('read', 'PublicDataset'),
    params: idOrUuidParamSchema,
    response: publicDatasetSchema,
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
  listRoute({
    url: '/api/public/user/',
    access: allow('list', 'PublicProfile'),
    list: publicResearcherList,
    item: publicResearcherSchema,
    load: ({ query }) => publicCatalogue.listResearchers(query),
  }),
  route({
    method: 'GET',
    url: '/api/public/user/:id/',
    access: allow('read', 'PublicProfile'),
    params: idParamSchema,
    response: publicResearcherProfileSchema,
    handle: ({ params }) => publicCatalogue.getResearcher(params.id),
  }),
]);
