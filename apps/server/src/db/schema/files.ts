import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { projects, requests } from './projects';
import { users } from './users';

/**
 * Every uploaded or generated file (IRB letters, RDAs, data dictionaries, ...). The bytes live in
 * the storage backend under `storageKey`; what a file is for is `type` plus `additionalData`
 * (for an RDA: status, signatures and their dates).
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    type: text('type').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    projectId: integer('project_id').references((): AnyPgColumn => projects.id, { onDelete: 'cascade' }),
    institutionId: integer('institution_id').references(() => institutions.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id'),
    /** Files of a request: decision_docs attached to a decision e-mail, renewal documents. */
    requestId: integer('request_id').references((): AnyPgColumn => requests.id, { onDelete: 'cascade' }),
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default({}),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_type_idx').on(t.type),
    index('files_institution_idx').on(t.institutionId),
    index('files_project_idx').on(t.projectId),
    index('files_request_idx').on(t.requestId),
  ],
);
