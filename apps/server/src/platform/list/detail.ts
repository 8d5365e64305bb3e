import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ValidationError } from '../http/errors';
import type { ListSpec, ParsedList } from './list-spec';

/** The query of `GET {object}/{id}/`: `?expand=` with the relations the object's list offers. */
export const detailQuerySchema = z.strictObject({ expand: z.string().max(200).optional() });

/** The relations named in `?expand=` on a single object, checked against its list's (400 for others). */
export function parseExpand(spec: ListSpec, raw: string | undefined): ReadonlySet<string> {
  const names = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !spec.expand?.includes(name));
  if (unknown.length > 0)
    throw new ValidationError({ expand: unknown.map((name) => `Unknown relation: ${name}.`) });
  return new Set(names);
}

/**
 * The list query narrowed to one object: a single-object GET runs its list's own query (its
 * joins, computed fields and visibility rules), so the two cannot disagree on what is shown.
 */
export function oneOf(spec: ListSpec, id: number, expand: ReadonlySet<string> = new Set()): ParsedList {
  return { where: eq(spec.id, id), orderBy: [], orderings: [], limit: 1, offset: 0, expand };
}
