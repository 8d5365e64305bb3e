import { z } from 'zod';

/** Messages of the `Idempotency-Key` header (decision 121); the spec has none. */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Must be 1 to 255 visible ASCII characters.',
  keyReused: 'This Idempotency-Key was already used for a different request.',
  inProgress: 'A request with this Idempotency-Key is being processed. Try again shortly.',
  answerLost:
    'The request with this Idempotency-Key was carried out, but its answer was not kept. Look for its result before sending it again under a new key.',
} as const;

/** A client's key for one logical write, e.g. a UUID it makes before the first try. */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_MESSAGES.invalidKey);
