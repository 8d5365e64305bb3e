import { z } from 'zod';
import {
  HEALTH_CHECKED_SERVICES,
  featureToggleSchema,
  idParamSchema,
  metaDataSchema,
  updateFeatureToggleSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { listRoute } from '../../platform/list';
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

export const adminRoutes = routes<{ admin: AdminService }>(['admin'], ({ admin }) => [
  route({
    method: 'GET',
    url: '/api/client-config/',
    access: allow('read', 'ReferenceData'),
    response: clientConfigSchema,
    handle: () => admin.clientConfig(),
  }),
  route({
    method: 'GET',
    url: '/api/health/',
    access: 'public',
    response: healthSchema,
    otherResponses: { 503: healthSchema },
    handle: async ({ reply }) => {
      const health = await admin.health();
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  }),
  route({
    method: 'GET',
    url: '/api/health-check/',
    access: allow('read', 'ServiceHealth'),
    query: z.strictObject({ service: z.enum(HEALTH_CHECKED_SERVICES) }),
    response: serviceHealthSchema,
    handle: ({ query }) => admin.checkService(query.service),
  }),
  listRoute({
    url: '/api/feature-toggle/',
    access: allow('list', 'FeatureToggle'),
    list: featureToggleList,
    item: featureToggleSchema,
    load: ({ query }) => admin.listFeatureToggles(query),
  }),
  route({
    method: 'GET',
    url: '/api/feature-toggle/:id/',
    access: allow('read', 'FeatureToggle'),
    params: idParamSchema,
    response: featureToggleSchema,
    handle: ({ params }) => admin.getFeatureToggle(params.id),
  }),
  route({
    method: 'PATCH',
    url: '/api/feature-toggle/:id/',
    access: allow('update', 'FeatureToggle'),
    params: idParamSchema,
    body: updateFeatureToggleSchema,
    response: featureToggleSchema,
    handle: ({ actor, params, body }) => admin.updateFeatureToggle(actor, params.id, body),
  }),
  listRoute({
    url: '/api/meta-data/',
    access: allow('list', 'MetaData'),
    list: metaDataList,
    item: metaDataSchema,
    load: ({ query }) => admin.listMetaData(query),
  }),
  route({
    method: 'GET',
    url: '/api/meta-data/:id/',
    access: allow('read', 'MetaData'),
    params: idParamSchema,
    response: metaDataSchema,
    handle: ({ params }) => admin.getMetaData(params.id),
  }),
]);
