import type { z } from 'zod';
import { ValidationError, type FieldErrors } from './errors';

/**
 * Validates a payload a route could not type up front (e.g. a file's metadata, whose schema
 * depends on the file's kind) and fails with the usual field errors.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (fields[key] ??= []).push('Unknown field.');
      continue;
    }
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  throw new ValidationError(fields);
}
