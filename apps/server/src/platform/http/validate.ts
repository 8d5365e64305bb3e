import type { z } from 'zod';
import { ValidationError } from './errors';
import { FieldErrorCollector } from './field-errors';

/**
 * Validates a payload a route could not type up front (e.g. a file's metadata, whose schema
 * depends on the file's kind) and fails with the usual field errors.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = new FieldErrorCollector();
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.add(key, 'Unknown field.');
      continue;
    }
    fields.add(issue.path.length ? String(issue.path[0]) : 'non_field_errors', issue.message);
  }
  throw new ValidationError(fields.result);
}
