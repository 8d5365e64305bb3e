import type { CohortDto } from '@rrp/domain';
import type { Db } from '../../platform/db/database';
import { NotFoundError } from '../../platform/http/errors';
import { parseListQuery } from '../../platform/list';
import { cohortList } from './catalogue.lists';
import * as repo from './catalogue.repo';
import { createDatasetsService } from './datasets.service';
import { createSampleTypesService } from './sample-types.service';
import { createDatasetAccessService } from './dataset-access.service';

/** Which dataset versions a user already holds a request for: the request wizard checks it too. */
export { heldDatasetIds } from './catalogue.repo';

const presentCohort = (row: repo.CohortRow): CohortDto => ({
  id: row.id,
  name: row.name,
  welcome_packet: row.welcomePacket,
});

/** The catalogue: cohorts, datasets and their versions, sample types, dataset access. */
export function createCatalogueService(deps: { db: Db }) {
  return {
    async listCohorts(query: Record<string, string | undefined>) {
      const list = parseListQuery(cohortList, query);
      const page = await repo.listCohorts(deps.db, list);
      return { list, count: page.count, results: page.rows.map(presentCohort) };
    },

    async getCohort(id: number) {
      const row = await repo.findCohort(deps.db, cohortList, id);
      if (!row) throw new NotFoundError();
      return presentCohort(row);
    },

    ...createDatasetsService(deps),
    ...createSampleTypesService(deps),
    ...createDatasetAccessService(deps),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
