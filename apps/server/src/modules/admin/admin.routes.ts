import { z } from 'zod';
import {
  HEALTH_CHECKED_SERVICES,
  featureToggleSchema,
  metaDataSchema,
  updateFeatureToggleSchema,
} from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { objectRoutes } from '../../platform/list';
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

const featureToggle = objectRoutes('/api/feature-toggle/', 'FeatureToggle', featureToggleSchema, undefined, {
  table: 'feature_toggles',
  history: 'feature-toggle',
});
const metaData = objectRoutes('/api/meta-data/', 'MetaData', metaDataSchema);

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
  featureToggle.list({ list: featureToggleList, load: ({ query }) => admin.listFeatureToggles(query) }),
  featureToggle.read(({ params }) => admin.getFeatureToggle(params.id)),
  featureToggle.update({
    body: updateFeatureToggleSchema,
    handle: ({ actor, params, body }) => admin.updateFeatureToggle(actor, params.id, body),
  }),
  metaData.list({ list: metaDataList, load: ({ query }) => admin.listMetaData(query) }),
  metaData.read(({ params }) => admin.getMetaData(params.id)),
]);
