import { z } from 'zod';

/** Messages of `If-Match` on an object's writes (DESIGN.md §1, issue 33); the spec has none. */
export const OBJECT_VERSION_MESSAGES = {
  stale: 'This object was changed since you read it. Nothing was saved; the current version is attached.',
  malformedIfMatch: 'If-Match must be * or a list of entity tags, such as "12.3".',
} as const;

/** Who made an object's latest recorded change. */
export const changedBySchema = z.object({ id: z.number().int(), display_name: z.string() });

/**
 * The 412 of a write whose `If-Match` names an older version: the object as its GET answers it
 * now (null when it is gone), and the latest change in its history (nulls when it keeps none).
 */
export const staleVersionSchema = z.object({
  detail: z.string(),
  current: z.unknown(),
  changed_by: changedBySchema.nullable(),
  changed_at: z.string().nullable(),
  correlation_id: z.string(),
});
export type StaleVersion = z.infer<typeof staleVersionSchema>;
