import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One row per change of an audited object: who, when, what changed and the full version after it. */
export const history = pgTable(
  'history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    model: text('model').notNull(),
    objectId: text('object_id').notNull(),
    version: integer('version').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    changedFields: jsonb('changed_fields').$type<string[]>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    modifierId: integer('modifier_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the modifier was being impersonated: the staff member who really acted. */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('history_object_version_key').on(t.model, t.objectId, t.version),
    index('history_modifier_idx').on(t.modifierId),
    // The versions of RDA files by time: the RDA turnaround reads executions in a period (decision 270).
    index('history_rda_idx')
      .on(t.modified, t.objectId)
      .where(sql`${t.model} = 'file' and ${t.data} ->> 'type' = 'rda'`),
  ],
);
