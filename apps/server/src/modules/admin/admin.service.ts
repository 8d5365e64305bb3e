import type { Actor, HealthCheckedService, UpdateFeatureToggle } from '@rrp/domain';
import type { Database } from '../../platform/db/database';
import { pingDatabase } from '../../platform/db/database';
import type { ServiceHealthAdapter } from '../../platform/external/service-health';
import { NotFoundError } from '../../platform/http/errors';
import { recordHistory } from '../../platform/history';
import { parseListQuery } from '../../platform/list';
import { featureToggleList, metaDataList } from './admin.lists';
import * as repo from './admin.repo';
import { presentFeatureToggle, presentMetaData } from './admin.presenter';

type Query = Record<string, string | undefined>;

export function createAdminService(deps: {
  /** What the browser needs to know at run time: names, and the public ids of external services. */
  client: {
    productName: string;
    supportEmail: string;
    orcid: { clientId?: string; baseUrl: string };
    recaptcha: { siteKeyV3?: string; siteKeyV2?: string; secretV3?: string; secretV2?: string };
    /** Error reporting in the browser too (a DSN is public by design). */
    sentryDsn?: string;
  };
  database: Database;
  fileStorage: 'local' | 's3';
  /** Server instances running on this database (the instance registry). */
  liveInstances: () => Promise<number>;
  serviceHealth: ServiceHealthAdapter;
  virusScan: 'configured' | 'not configured';
}) {
  const { database, serviceHealth } = deps;
  const { db } = database;
  return {
    async listFeatureToggles(query: Query) {
      const list = parseListQuery(featureToggleList, query);
      const page = await repo.featureTogglePage(db, list);
      return { list, count: page.count, results: page.rows.map(presentFeatureToggle) };
    },

    async getFeatureToggle(id: number) {
      const row = await repo.findFeatureToggle(db, id);
      if (!row) throw new NotFoundError();
      return presentFeatureToggle(row);
    },

    /** Turns a feature on or off; the change is audited. */
    async updateFeatureToggle(actor: Actor, id: number, input: UpdateFeatureToggle) {
      return db.transaction(async (tx) => {
        const before = await repo.lockFeatureToggle(tx, id);
        if (!before) throw new NotFoundError();
        const after = await repo.updateFeatureToggle(tx, id, input.enabled);
        await recordHistory(tx, {
          model: 'feature-toggle',
          objectId: id,
          action: 'update',
          before,
          after,
          by: actor,
        });
        return presentFeatureToggle(after);
      });
    },

    async listMetaData(query: Query) {
      const list = parseListQuery(metaDataList, query);
      const page = await repo.metaDataPage(db, list);
      return { list, count: page.count, results: page.rows.map(presentMetaData) };
    },

    async getMetaData(id: number) {
      const row = await repo.findMetaData(db, id);
      if (!row) throw new NotFoundError();
      return presentMetaData(row);
    },

    /**
     * Liveness with the database's state; answers even when the database is down. It also says
     * where files are kept and how many instances share this database: with local storage, more
     * than one needs a shared DATA_DIR (S3 is the way to run several, decision 120).
     */
    async health() {
      let databaseStatus: 'ok' | 'unavailable' = 'ok';
      let instances: number | null = null;
      try {
        await pingDatabase(db);
        instances = await deps.liveInstances();
      } catch {
        databaseStatus = 'unavailable';
      }
      return {
        status: databaseStatus === 'ok' ? ('ok' as const) : ('degraded' as const),
        database: databaseStatus,
        database_kind: database.kind,
        virus_scan: deps.virusScan,
        file_storage: deps.fileStorage,
        instances,
      };
    },

    clientConfig() {
      const { orcid, recaptcha } = deps.client;
      return {
        product_name: deps.client.productName,
        support_email: deps.client.supportEmail,
        orcid: orcid.clientId
          ? {
              client_id: orcid.clientId,
              authorize_url: `${orcid.baseUrl.replace(/\/$/, '')}/oauth/authorize`,
            }
          : null,
        // Only when the server checks the answers: a widget without a secret would prove nothing.
        recaptcha:
          recaptcha.secretV3 || recaptcha.secretV2
            ? { v3_site_key: recaptcha.siteKeyV3 ?? null, v2_site_key: recaptcha.siteKeyV2 ?? null }
            : null,
        sentry_dsn: deps.client.sentryDsn ?? null,
      };
    },

    checkService(service: HealthCheckedService) {
      return serviceHealth.check(service);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
