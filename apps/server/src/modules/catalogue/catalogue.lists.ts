import { sql } from 'drizzle-orm';
import type { ListSpec } from '../../platform/list';
import { cohorts, datasetAccess, datasets, sampleTypeCohorts, sampleTypes, users } from '../../db/schema';
import { cohortNameSql, fullNameSql } from './catalogue.repo';
import { primaryInstitutionNameSql } from './public.repo';

export const cohortList: ListSpec = {
  id: cohorts.id,
  filters: { name: { type: 'text', column: cohorts.name }, id: { type: 'int', column: cohorts.id } },
  ordering: { id: cohorts.id, name: cohorts.name },
  defaultOrdering: ['id'],
  search: [cohorts.name],
};

/** The dataset UUID as text, so a filter value that is not a UUID matches nothing instead of failing. */
const datasetUuidText = sql<string>`${datasets.datasetId}::text`;

const publicDatasetFilters = {
  id: { type: 'int', column: datasets.id, lookups: ['exact', 'in'] },
  dataset_id: { type: 'text', column: datasetUuidText, lookups: ['exact', 'in'] },
  origin: { type: 'int', column: datasets.originId, lookups: ['exact', 'in'] },
  type: { type: 'int', column: datasets.typeId, lookups: ['exact', 'in'] },
  cohort: { type: 'int', column: datasets.cohortId, lookups: ['exact', 'in', 'isnull'] },
  cohort__name: { type: 'text', column: cohortNameSql, lookups: ['exact', 'in', 'icontains'] },
} as const satisfies ListSpec['filters'];

const datasetOrdering = {
  id: datasets.id,
  name: sql`lower(${datasets.name})`,
  order: datasets.order,
  release_date: datasets.releaseDate,
  version: datasets.version,
  type: datasets.typeId,
  origin: datasets.originId,
  cohort: cohortNameSql,
  created: datasets.created,
  modified: datasets.modified,
};

/**
 * GET dataset/ (researcher §7): expand, ordering, parent__isnull, search (name, cohort,
 * accession id), available, origin, approved, type, cohort, dataset_id, active (the latest
 * version of each dataset), id__in. `approved` depends on the caller and `split` (search each
 * word of `search`) changes the search, so the service reads them.
 */
/** What `search` matches in datasets: name, cohort and accession id. */
export const DATASET_SEARCH = [datasets.name, cohortNameSql, datasets.accessionId] as const;

export const datasetList: ListSpec = {
  id: datasets.id,
  filters: {
    ...publicDatasetFilters,
    parent: { type: 'int', column: datasets.parentId, lookups: ['exact', 'isnull'] },
    available: { type: 'bool', column: datasets.available },
    limited: { type: 'bool', column: datasets.limited },
    active: { type: 'bool', column: datasets.isLatest },
    is_latest: { type: 'bool', column: datasets.isLatest },
    gpf_accessible: { type: 'bool', column: datasets.gpfAccessible },
  },
  ordering: datasetOrdering,
  defaultOrdering: ['order', 'name'],
  search: [datasets.name, cohortNameSql, datasets.accessionId],
  expand: ['cohort', 'data_file'],
  extraParams: ['approved', 'split'],
};

/** GET public/dataset/: the latest version of every available dataset; no internal filters. */
export const publicDatasetList: ListSpec = {
  id: datasets.id,
  filters: publicDatasetFilters,
  ordering: datasetOrdering,
  defaultOrdering: ['order', 'name'],
  search: [datasets.name, cohortNameSql, datasets.accessionId],
};

/**
 * GET sample-type/ (researcher §7): expand, ordering, limit and parent__isnull. Sample types
 * have no parents, so `parent__isnull=true` keeps them all and `false` none.
 */
export const sampleTypeList: ListSpec = {
  id: sampleTypes.id,
  filters: {
    id: { type: 'int', column: sampleTypes.id, lookups: ['exact', 'in'] },
    name: { type: 'text', column: sampleTypes.name, lookups: ['exact', 'in', 'icontains'] },
    type: { type: 'text', column: sampleTypes.type, lookups: ['exact', 'in'] },
    limited: { type: 'bool', column: sampleTypes.limited },
    available: { type: 'bool', column: sampleTypes.available },
    parent: { type: 'int', column: sql`null::integer`, lookups: ['isnull'] },
    cohorts: {
      type: 'int',
      column: sampleTypeCohorts.cohortId,
      lookups: ['exact', 'in'],
      through: (condition) =>
        sql`exists (select 1 from ${sampleTypeCohorts} where ${sampleTypeCohorts.sampleTypeId} = ${sampleTypes.id} and ${condition})`,
    },
  },
  ordering: { id: sampleTypes.id, name: sql`lower(${sampleTypes.name})`, type: sampleTypes.type },
  defaultOrdering: ['id'],
  search: [sampleTypes.name],
  expand: ['cohorts'],
};

/** GET datasetaccess/ (researcher §7): by user (user__in), by dataset (private id), limit 1000. */
export const datasetAccessList: ListSpec = {
  id: datasetAccess.id,
  filters: {
    id: { type: 'int', column: datasetAccess.id, lookups: ['exact', 'in'] },
    user: { type: 'int', column: datasetAccess.userId, lookups: ['exact', 'in'] },
    dataset: { type: 'int', column: datasetAccess.datasetId, lookups: ['exact', 'in'] },
    dataset__dataset_id: {
      type: 'text',
      column: sql<string>`(select ${datasets.datasetId}::text from ${datasets} where ${datasets.id} = ${datasetAccess.datasetId})`,
      lookups: ['exact'],
    },
    access_type: { type: 'text', column: datasetAccess.accessType, lookups: ['exact', 'in'] },
    status: { type: 'text', column: datasetAccess.status, lookups: ['exact', 'in'] },
    request_id: { type: 'int', column: datasetAccess.requestId, lookups: ['exact', 'in', 'isnull'] },
  },
  ordering: {
    id: datasetAccess.id,
    created: datasetAccess.created,
    modified: datasetAccess.modified,
    access_type: datasetAccess.accessType,
    status: datasetAccess.status,
  },
  defaultOrdering: ['id'],
  expand: ['user', 'dataset'],
};

/** GET public/user/: 'Researchers with Approved Dataset Requests', searched by name. */
export const publicResearcherList: ListSpec = {
  id: users.id,
  filters: {},
  ordering: {
    id: users.id,
    name: fullNameSql,
    last_name: users.lastName,
    institution_name: primaryInstitutionNameSql,
  },
  defaultOrdering: ['last_name', 'name'],
  search: [fullNameSql, primaryInstitutionNameSql],
};

/** GET dataset/{id}/researchers/: the researchers the dataset access page lists. */
export const datasetResearcherList: ListSpec = {
  id: users.id,
  filters: {},
  ordering: { id: users.id, name: sql`lower(${fullNameSql})`, last_name: sql`lower(${users.lastName})` },
  defaultOrdering: ['last_name', 'name'],
  search: [fullNameSql, users.email],
};
