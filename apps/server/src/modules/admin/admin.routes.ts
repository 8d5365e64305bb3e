import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HEALTH_CHECKED_SERVICES,
  featureToggleSchema,
  idParamSchema,
  metaDataSchema,
  pageSchema,
  updateFeatureToggleSchema,
} from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
import { featureToggleList, metaDataList } from './admin.lists';
import type { AdminService } from './admin.service';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  database_kind: z.enum(['pglite', 'postgres']),
  virus_scan: z.enum(['configured', 'not configured']),
  /** Local files need one shared DATA_DIR for several instances; S3 does not. */
  file_storage: z.enum(['local', 's3']),
  /** Server instances running on this database (null while it is unavailable). */
  instances: z.number().int().nullable(),
});

const serviceHealthSchema = z.object({
  service: z.enum(HEALTH_CHECKED_SERVICES),
  status: z.enum(['ok', 'down', 'not configured']),
  detail: z.string().nullable(),
  elapsed_ms: z.number().nullable(),
});

const clientConfigSchema = z.object({
  product_name: z.string(),
  support_email: z.string(),
  orcid: z.object({ client_id: z.string(), authorize_url: z.string() }).nullable(),
  recaptcha: z.object({ v3_site_key: z.string().nullable(), v2_site_key: z.string().nullable() }).nullable(),
  /** Browser error reporting; null when off. */
  sentry_dsn: z.string().nullable(),
});

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.get(
    '/api/client-config/',
    {
      config: { access: { action: 'read', subject: 'ReferenceData' } },
      schema: { tags: ['admin'], response: { 200: clientConfigSchema } },
    },
    () => admin.clientConfig(),
  );

  app.get(
    '/api/health/',
    {
      config: { access: 'public' },
      schema: { tags: ['admin'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const health = await admin.health();
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );

  app.get(
    '/api/health-check/',
    {
      config: { access: { action: 'read', subject: 'ServiceHealth' } },
      schema: {
        tags: ['admin'],
        querystring: z.strictObject({ service: z.enum(HEALTH_CHECKED_SERVICES) }),
        response: { 200: serviceHealthSchema },
      },
    },
    (request) => admin.checkService(request.query.service),
  );

  app.get(
    '/api/feature-toggle/',
    {
      config: { access: { action: 'list', subject: 'FeatureToggle' } },
      schema: {
        tags: ['admin'],
        querystring: listQuerySchema(featureToggleList),
        response: { 200: pageSchema(featureToggleSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await admin.listFeatureToggles(request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/feature-toggle/:id/',
    {
      config: { access: { action: 'read', subject: 'FeatureToggle' } },
      schema: { tags: ['admin'], params: idParamSchema, response: { 200: featureToggleSchema } },
    },
    (request) => admin.getFeatureToggle(request.params.id),
  );

  app.patch(
    '/api/feature-toggle/:id/',
    {
      config: { access: { action: 'update', subject: 'FeatureToggle' } },
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        body: updateFeatureToggleSchema,
        response: { 200: featureToggleSchema },
      },
    },
    (request) => admin.updateFeatureToggle(request.actor!, request.params.id, request.body),
  );

  app.get(
    '/api/meta-data/',
    {
      config: { access: { action: 'list', subject: 'MetaData' } },
      schema: {
        tags: ['admin'],
        querystring: listQuerySchema(metaDataList),
        response: { 200: pageSchema(metaDataSchema) },
      },
    },
    async (request) => {
      const { list, count, results } = await admin.listMetaData(request.query);
      return toPage(request, list, count, results);
    },
  );

  app.get(
    '/api/meta-data/:id/',
    {
      config: { access: { action: 'read', subject: 'MetaData' } },
      schema: { tags: ['admin'], params: idParamSchema, response: { 200: metaDataSchema } },
    },
    (request) => admin.getMetaData(request.params.id),
  );
};
