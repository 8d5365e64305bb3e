import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { files } from './files';
import { requests } from './projects';
import { cohorts } from './reference';
import { users } from './users';

export type GlobusLocationRow = { endpoint_id: string; endpoint_name: string; location: string };

/**
 * A dataset version (staff §3 dataset). `dataset_id` is the public UUID shared by every version of
 * the dataset; `parent` is the version it was made from; exactly one version per `dataset_id` is
 * the latest (`is_latest`), and only that one can be edited or versioned (staff §4.7).
 */
export const datasets = pgTable(
  'datasets',
  {
    id: serial('id').primaryKey(),
    datasetId: uuid('dataset_id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    cohortId: integer('cohort_id').references(() => cohorts.id, { onDelete: 'set null' }),
    /** 1 Phenotype, 2 Genetic, 3 Imaging (staff §9). */
    typeId: integer('type_id').notNull(),
    /** 1 Simons Foundation, 2 Curated, 3 External (staff §9). */
    originId: integer('origin_id').notNull(),
    version: integer('version').notNull().default(1),
    parentId: integer('parent_id').references((): AnyPgColumn => datasets.id, { onDelete: 'set null' }),
    isLatest: boolean('is_latest').notNull().default(true),
    releaseDate: date('release_date', { mode: 'string' }),
    available: boolean('available').notNull().default(true),
    /** A restricted resource: only its allowed users may request it. */
    limited: boolean('limited').notNull().default(false),
    dataFileId: integer('data_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** S3 location. */
    dataAccess: text('data_access'),
    gpfAccessible: boolean('gpf_accessible').notNull().default(false),
    gpfGroup: text('gpf_group'),
    gpfDatasetId: text('gpf_dataset_id'),
    globusGroupId: uuid('globus_group_id'),
    globusLocations: jsonb('globus_locations').$type<GlobusLocationRow[]>().notNull().default([]),
    accessionId: text('accession_id'),
    fileSize: text('file_size'),
    order: integer('order').notNull().default(0),
    publicDataDictionaryId: integer('public_data_dictionary_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    publicReleaseNotesId: integer('public_release_notes_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    asdParticipants: integer('asd_participants'),
    controlParticipants: integer('control_participants'),
    families: integer('families'),
    /** dataset_id (UUID) of each related dataset; links point to the latest version. */
    relatedDatasetIds: uuid('related_dataset_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    changeNotes: text('change_notes'),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('datasets_dataset_id_idx').on(t.datasetId),
    uniqueIndex('datasets_dataset_id_version_key').on(t.datasetId, t.version),
    uniqueIndex('datasets_latest_key')
      .on(t.datasetId)
      .where(sql`${t.isLatest}`),
    index('datasets_parent_idx').on(t.parentId),
    index('datasets_cohort_idx').on(t.cohortId),
    index('datasets_order_name_idx').on(t.order, t.name, t.id),
    index('datasets_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('datasets_accession_trgm').using('gin', sql`${t.accessionId} gin_trgm_ops`),
    check('datasets_type_check', sql`${t.typeId} IN (1, 2, 3)`),
    check('datasets_origin_check', sql`${t.originId} IN (1, 2, 3)`),
  ],
);

/** Users allowed to request a restricted (limited) dataset version; copied to each new version. */
export const datasetAllowedUsers = pgTable(
  'dataset_allowed_users',
  {
    datasetId: cascadeRef('dataset_id', () => datasets.id),
    userId: cascadeRef('user_id', () => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.userId] }),
    index('dataset_allowed_users_user_idx').on(t.userId),
  ],
);

/** Biospecimen sample types (researcher §3): iPSC, Plasma, Fibroblast, LCL, DNA, LCL DNA. */
export const sampleTypes = pgTable(
  'sample_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Form code: ipsc, plasma, fibroblast, lcl, dna, lcl_dna. */
    type: text('type').notNull(),
    limited: boolean('limited').notNull().default(false),
    available: boolean('available').notNull().default(true),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sample_types_name_key').on(t.name),
    uniqueIndex('sample_types_type_key').on(t.type),
    index('sample_types_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const sampleTypeCohorts = pgTable(
  'sample_type_cohorts',
  {
    sampleTypeId: cascadeRef('sample_type_id', () => sampleTypes.id),
    cohortId: cascadeRef('cohort_id', () => cohorts.id),
  },
  (t) => [
    primaryKey({ columns: [t.sampleTypeId, t.cohortId] }),
    index('sample_type_cohorts_cohort_idx').on(t.cohortId),
  ],
);

export const sampleTypeAllowedUsers = pgTable(
  'sample_type_allowed_users',
  {
    sampleTypeId: cascadeRef('sample_type_id', () => sampleTypes.id),
    userId: cascadeRef('user_id', () => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.sampleTypeId, t.userId] }),
    index('sample_type_allowed_users_user_idx').on(t.userId),
  ],
);

/** Access granted (or revoked) to a user on a dataset through one channel (researcher §3). */
export const datasetAccess = pgTable(
  'dataset_access',
  {
    id: serial('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    datasetId: cascadeRef('dataset_id', () => datasets.id),
    /** Globus, AWS, GPF or Other. */
    accessType: text('access_type').notNull(),
    /** granted or revoked. */
    status: text('status').notNull(),
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dataset_access_user_dataset_type_key').on(t.userId, t.datasetId, t.accessType),
    index('dataset_access_dataset_idx').on(t.datasetId),
    check('dataset_access_type_check', sql`${t.accessType} IN ('Globus', 'AWS', 'GPF', 'Other')`),
    check('dataset_access_status_check', sql`${t.status} IN ('granted', 'revoked')`),
  ],
);

/** The datasets a (dataset) request asks for (researcher §3 request.datasets). */
export const requestDatasets = pgTable(
  'request_datasets',
  {
    requestId: cascadeRef('request_id', () => requests.id),
    datasetId: cascadeRef('dataset_id', () => datasets.id),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.datasetId] }),
    index('request_datasets_dataset_idx').on(t.datasetId),
  ],
);
