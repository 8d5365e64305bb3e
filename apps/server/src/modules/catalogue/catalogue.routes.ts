import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cohortSchema,
  createDatasetAccessSchema,
  createDatasetSchema,
  datasetAccessSchema,
  datasetSchema,
  idOrUuidParamSchema,
  idParamSchema,
  newDatasetVersionSchema,
  pageSchema,
  publicDatasetSchema,
  publicResearcherProfileSchema,
  datasetResearcherSchema,
  publicResearcherSchema,
  sampleTypeSchema,
  updateDatasetAccessSchema,
  updateDatasetSchema,
  updateSampleTypeSchema,
} from '@rrp/domain';
import {
  detailQuerySchema as expandQuerySchema,
  listQuerySchema,
  parseExpand,
  toPage,
} from '../../platform/list';
import {
  cohortList,
  datasetAccessList,
  datasetList,
  publicDatasetList,
  datasetResearcherList,
  publicResearcherList,
  sampleTypeList,
} from './catalogue.lists';
import type { CatalogueService } from './catalogue.service';
import type { PublicCatalogueService } from './public.service';
import { attachmentDisposition } from '../../platform/files/content-disposition';

/** A dataset version's numeric id, or a dataset's UUID (its latest version). */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  publicCatalogue: PublicCatalogueService;
}> = async (app, { catalogue, publicCatalogue }) => {
  const tags = ['catalogue'];

  app.get(
    '/api/cohort/',
    {
      config: { access: { action: 'list', subject: 'Cohort' } },
      schema: {
        tags,
        querystring: listQuerySchema(cohortList),
        response: { 200: pageSchema(cohortSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await catalogue.listCohorts(request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/cohort/:id/',
    {
      config: { access: { action: 'read', subject: 'Cohort' } },
      schema: { tags, params: idParamSchema, response: { 200: cohortSchema } },
    },
    (request) => catalogue.getCohort(request.params.id),
  );

  /* ---------------------------------------------------------------- datasets */

  app.get(
    '/api/dataset/',
    {
      config: { access: { action: 'list', subject: 'Dataset' } },
      schema: {
        tags,
        querystring: listQuerySchema(datasetList),
        response: { 200: pageSchema(datasetSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await catalogue.listDatasets(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.post(
    '/api/dataset/',
    {
      config: { access: { action: 'create', subject: 'Dataset' } },
      schema: {
        tags,
        querystring: expandQuerySchema,
        body: createDatasetSchema,
        response: { 201: datasetSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await catalogue.createDataset(
            request.actor!,
            request.body,
            parseExpand(datasetList, request.query.expand),
          ),
        ),
  );

  /** By the version's id, or by the dataset's UUID (the latest version; the web's `isUUID` links). */
  app.get(
    '/api/dataset/:id/',
    {
      config: { access: { action: 'read', subject: 'Dataset' } },
      schema: {
        tags,
        params: idOrUuidParamSchema,
        querystring: expandQuerySchema,
        response: { 200: datasetSchema },
      },
    },
    (request) =>
      catalogue.getDataset(request.actor!, request.params.id, parseExpand(datasetList, request.query.expand)),
  );

  app.patch(
    '/api/dataset/:id/',
    {
      config: { access: { action: 'update', subject: 'Dataset' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: expandQuerySchema,
        body: updateDatasetSchema,
        response: { 200: datasetSchema },
      },
    },
    (request) =>
      catalogue.updateDataset(
        request.actor!,
        request.params.id,
        request.body,
        parseExpand(datasetList, request.query.expand),
      ),
  );

  app.post(
    '/api/dataset/:id/new_version/',
    {
      config: { access: { action: 'update', subject: 'Dataset' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: expandQuerySchema,
        body: newDatasetVersionSchema,
        response: { 201: datasetSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await catalogue.newVersion(
            request.actor!,
            request.params.id,
            request.body,
            parseExpand(datasetList, request.query.expand),
          ),
        ),
  );

  /* ---------------------------------------------------------------- sample types */

  app.get(
    '/api/sample-type/',
    {
      config: { access: { action: 'list', subject: 'SampleType' } },
      schema: {
        tags,
        querystring: listQuerySchema(sampleTypeList),
        response: { 200: pageSchema(sampleTypeSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await catalogue.listSampleTypes(request.actor!, request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/sample-type/:id/',
    {
      config: { access: { action: 'read', subject: 'SampleType' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: expandQuerySchema,
        response: { 200: sampleTypeSchema },
      },
    },
    (request) =>
      catalogue.getSampleType(
        request.actor!,
        request.params.id,
        parseExpand(sampleTypeList, request.query.expand),
      ),
  );

  app.patch(
    '/api/sample-type/:id/',
    {
      config: { access: { action: 'update', subject: 'SampleType' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: expandQuerySchema,
        body: updateSampleTypeSchema,
        response: { 200: sampleTypeSchema },
      },
    },
    (request) =>
      catalogue.updateSampleType(
        request.actor!,
        request.params.id,
        request.body,
        parseExpand(sampleTypeList, request.query.expand),
      ),
  );

  /* ---------------------------------------------------------------- dataset access */

  app.get(
    '/api/datasetaccess/',
    {
      config: { access: { action: 'list', subject: 'DatasetAccess' } },
      schema: {
        tags,
        querystring: listQuerySchema(datasetAccessList),
        response: { 200: pageSchema(datasetAccessSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await catalogue.listDatasetAccess(request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/datasetaccess/:id/',
    {
      config: { access: { action: 'read', subject: 'DatasetAccess' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: expandQuerySchema,
        response: { 200: datasetAccessSchema },
      },
    },
    (request) =>
      catalogue.getDatasetAccess(request.params.id, parseExpand(datasetAccessList, request.query.expand)),
  );

  /** 201 with a new record; 200 when the user already had a record for that dataset and channel. */
  app.post(
    '/api/datasetaccess/',
    {
      config: { access: { action: 'create', subject: 'DatasetAccess' } },
      schema: {
        tags,
        querystring: expandQuerySchema,
        body: createDatasetAccessSchema,
        response: { 200: datasetAccessSchema, 201: datasetAccessSchema },
      },
    },
    async (request, reply) => {
      const { created, access } = await catalogue.createDatasetAccess(
        request.actor!,
        request.body,
        parseExpand(datasetAccessList, request.query.expand),
      );
      return reply.status(created ? 201 : 200).send(access);
    },
  );

  app.patch(
    '/api/datasetaccess/:id/',
    {
      config: { access: { action: 'update', subject: 'DatasetAccess' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: expandQuerySchema,
        body: updateDatasetAccessSchema,
        response: { 200: datasetAccessSchema },
      },
    },
    (request) =>
      catalogue.updateDatasetAccess(
        request.actor!,
        request.params.id,
        request.body,
        parseExpand(datasetAccessList, request.query.expand),
      ),
  );

  /**
   * The researchers of a dataset on the dataset access page: owners and team members of its
   * approved or fulfilled requests, and anyone with an access record on it.
   */
  app.get(
    '/api/dataset/:id/researchers/',
    {
      config: { access: { action: 'list', subject: 'DatasetAccess' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: listQuerySchema(datasetResearcherList),
        response: { 200: pageSchema(datasetResearcherSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await catalogue.listResearchers(request.params.id, request.query);
      return toPage(request, list, count, results);
    },
  );

  /* ---------------------------------------------------------------- public pages */

  app.get(
    '/api/public/dataset/',
    {
      config: { access: { action: 'list', subject: 'PublicDataset' } },
      schema: {
        tags,
        querystring: listQuerySchema(publicDatasetList),
        response: { 200: pageSchema(publicDatasetSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await publicCatalogue.listDatasets(request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/public/dataset/:id/',
    {
      config: { access: { action: 'read', subject: 'PublicDataset' } },
      schema: { tags, params: idOrUuidParamSchema, response: { 200: publicDatasetSchema } },
    },
    (request) => publicCatalogue.getDataset(request.params.id),
  );

  for (const kind of ['data_dictionary', 'release_notes'] as const) {
    app.get(
      `/api/public/dataset/:id/${kind}/`,
      {
        config: { access: { action: 'read', subject: 'PublicDataset' } },
        schema: { tags, params: idOrUuidParamSchema },
      },
      async (request, reply) => {
        const { file, content } = await publicCatalogue.download(request.params.id, kind);
        return reply
          .type(file.contentType)
          .header('Content-Disposition', attachmentDisposition(file.name))
          .send(content);
      },
    );
  }

  app.get(
    '/api/public/user/',
    {
      config: { access: { action: 'list', subject: 'PublicProfile' } },
      schema: {
        tags,
        querystring: listQuerySchema(publicResearcherList),
        response: { 200: pageSchema(publicResearcherSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await publicCatalogue.listResearchers(request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/public/user/:id/',
    {
      config: { access: { action: 'read', subject: 'PublicProfile' } },
      schema: { tags, params: idParamSchema, response: { 200: publicResearcherProfileSchema } },
    },
    (request) => publicCatalogue.getResearcher(request.params.id),
  );
};
