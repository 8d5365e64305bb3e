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

/** The smallest value of an `integer` column (−2^31). */
const MIN_INT = -2_147_483_648;

/**
 * An integer written the one canonical way: decimal digits without a leading zero, a minus sign
 * only for a negative number. `0x10`, `1e1`, `+16`, ` 16` and `016` all read as numbers to
 * `Number()`, so accepting them would let several spellings name one row (DESIGN.md §1).
 */
const CANONICAL_INTEGER = /^(?:0|-?[1-9]\d{0,9})$/;
const CANONICAL_ID = /^[1-9]\d{0,9}$/;

/** `raw` as a value of an `integer` column when written canonically; otherwise undefined. */
export function canonicalInteger(raw: string): number | undefined {
  if (!CANONICAL_INTEGER.test(raw)) return undefined;
  const value = Number(raw);
  return value >= MIN_INT && value <= MAX_ID ? value : undefined;
}

/** `raw` as a database id (1 to 2^31 − 1) when written canonically; otherwise undefined. */
export function canonicalId(raw: string): number | undefined {
  const value = canonicalInteger(raw);
  return value !== undefined && value > 0 ? value : undefined;
}

export const QUERY_ID_MESSAGE = `Enter a whole number from 1 to ${MAX_ID}.`;

/**
 * An id in a path or a query string (`request/16/`, `?id=16`): canonical decimal, 1 to 2^31 − 1,
 * read as a number. The one schema for every such id, so `0x10` or 2^31 is refused alike
 * everywhere rather than read as 16 by one route and failing in the database on another.
 */
export function idTextSchema(message: string = QUERY_ID_MESSAGE) {
  return z
    .string({ error: message })
    .regex(CANONICAL_ID, { error: message, abort: true })
    .refine((raw) => Number(raw) <= MAX_ID, { error: message })
    .transform(Number);
}

/**
 * A comma-separated list of ids in a query string (`?obj_ids=1,2`): each a canonical id; spaces
 * around a comma belong to the separator. Duplicates are dropped, in order.
 */
export function idListTextSchema(message: string) {
  return z
    .string({ error: message })
    .max(20_000, { error: message })
    .transform((raw, context) => {
      const ids = raw.split(',').map((part) => canonicalId(part.trim()));
      if (ids.some((id) => id === undefined)) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(ids as number[])];
    });
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
