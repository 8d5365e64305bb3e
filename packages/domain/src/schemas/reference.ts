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
});
export type HistoryEntryDto = z.infer<typeof historyEntrySchema>;
