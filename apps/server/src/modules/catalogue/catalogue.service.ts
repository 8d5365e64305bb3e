import type { CohortDto } from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { parseListQuery, selectPage } from '../../platform/list';
import { cohorts } from '../../db/schema';
import { cohortList } from './catalogue.lists';

const presentCohort = (row: typeof cohorts.$inferSelect): CohortDto => ({
  id: row.id,
  name: row.name,
  welcome_packet: row.welcomePacket,
});

export function createCatalogueService(deps: { db: Db }) {
  return {
    async listCohorts(query: Record<string, string | undefined>) {
      const list = parseListQuery(cohortList, query);
      const page = await selectPage(deps.db, cohorts, list);
      return { list, count: page.count, results: page.rows.map(presentCohort) };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
