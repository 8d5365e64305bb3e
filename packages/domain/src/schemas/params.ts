import { z } from 'zod';
import { UUID_PATTERN } from './catalogue';
import { MESSAGES } from './messages';
import { canonicalId, idTextSchema } from './safe-input';

/**
 * The path parameter of every route addressing a row by id, e.g. `/api/history/{id}/`: a canonical
 * decimal id (`idTextSchema`). A malformed one names nothing, so it answers 404 like a missing row
 * (error-handler.ts).
 */
export const idParamSchema = z.object({ id: idTextSchema(MESSAGES.notFound) });

/**
 * The path parameter of routes that take a row's id or its UUID (a dataset by version id or by the
 * dataset's UUID): the same canonical id, or a UUID, passed on as the text sent.
 */
export const idOrUuidParamSchema = z.object({
  id: z
    .string()
    .max(64)
    .refine((raw) => canonicalId(raw) !== undefined || UUID_PATTERN.test(raw), { error: MESSAGES.notFound }),
});
