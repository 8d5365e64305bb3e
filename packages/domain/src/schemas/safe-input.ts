import { z } from 'zod';

/**
 * Rules every input obeys whatever the route: ids fit the database's id columns, and no string
 * carries a NUL character (PostgreSQL text and jsonb cannot store one). The server applies the
 * NUL rule to every body, query and multipart field before the route's own schema runs.
 */

/** The largest value of the database's `integer` id columns (2^31 − 1). */
export const MAX_ID = 2_147_483_647;

export const NULL_CHARACTER_MESSAGE = 'Null characters are not allowed.';

/** A database id sent as a JSON number: a positive whole number the id columns can hold. */
export function idSchema(message?: string) {
  const error = message ? { error: message } : undefined;
  return z
    .number(error)
    .int(error)
    .positive(error)
    .max(MAX_ID, error ?? { error: `Ensure this value is less than or equal to ${MAX_ID}.` });
}

/**
 * Where a value holds a NUL character: the path of each string (or object key) that contains
 * one, at most `limit` of them. Walks iteratively, so a deeply nested body cannot exhaust the stack.
 */
export function nullCharacterPaths(value: unknown, limit = 20): PropertyKey[][] {
  const found: PropertyKey[][] = [];
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (pending.length > 0 && found.length < limit) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push(path);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) found.push([...path, key]);
        else pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return found;
}
