import { z } from 'zod';

/** The list envelope every `GET <object>/` answers with. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

export const featureToggleSchema = z.object({
  id: z.number(),
  feature_code: z.string(),
  enabled: z.boolean(),
});
export type FeatureToggleDto = z.infer<typeof featureToggleSchema>;

export const updateFeatureToggleSchema = z.strictObject({ enabled: z.boolean() });
export type UpdateFeatureToggle = z.infer<typeof updateFeatureToggleSchema>;

export const metaDataSchema = z.object({ id: z.number(), version: z.string(), enabled: z.boolean() });
export type MetaDataDto = z.infer<typeof metaDataSchema>;

export const cohortSchema = z.object({
  id: z.number(),
  name: z.string(),
  welcome_packet: z.string().nullable(),
});
export type CohortDto = z.infer<typeof cohortSchema>;

/**
 * One piece of a value in an audit trail, as people read it (decision 126): text, a related
 * object by name with a link to its page, or a date the reader's app writes in its one format.
 */
export const historyValueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({
    kind: z.literal('link'),
    text: z.string(),
    href: z.string(),
    /** Said after the name, e.g. 'removed Nov 2, 2026' for a team member taken off. */
    note: z.string().optional(),
  }),
  z.object({ kind: z.literal('date'), value: z.string(), time: z.boolean() }),
]);
export type HistoryValueDto = z.infer<typeof historyValueSchema>;

/** One labelled field of a version, in the order its screen or form shows it; empty `value` = no value. */
export const historyFieldSchema = z.object({
  /** Stable across versions (what a comparison matches on). */
  key: z.string(),
  label: z.string(),
  /** The group the field belongs to, e.g. a form's title for its answers; null for the object's own fields. */
  section: z.string().nullable(),
  value: z.array(historyValueSchema),
  /** Long text (an abstract, a comment): shown with its line breaks. */
  long: z.boolean(),
});
export type HistoryFieldDto = z.infer<typeof historyFieldSchema>;

export const historyEntrySchema = z.object({
  id: z.number(),
  model: z.string(),
  object_id: z.string(),
  version: z.number(),
  action: z.enum(['create', 'update', 'delete']),
  changed_fields: z.array(z.string()),
  data: z.record(z.string(), z.unknown()),
  modifier: z
    .union([z.number(), z.object({ id: z.number(), full_name: z.string(), email: z.string() })])
    .nullable(),
  modified: z.string(),
  /** The version as people read it: every field the reader may see, labelled, in display order. */
  fields: z.array(historyFieldSchema),
  /** Labels of the fields this version changed (none for a creation or deletion). */
  changed: z.array(z.string()),
});
export type HistoryEntryDto = z.infer<typeof historyEntrySchema>;
