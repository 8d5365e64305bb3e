import type { FieldErrors } from './errors';

/** Bounds that keep an error answer small whatever the request held (issue 13: no echoed bodies). */
const MAX_FIELDS = 50;
const MAX_MESSAGES_PER_FIELD = 5;
const MAX_KEY_LENGTH = 100;

/**
 * Collects field errors keyed by names that may come from the caller (unknown fields, filters).
 * The map has no prototype, so `__proto__` or `constructor` are plain keys; each message is kept
 * once per field, and the numbers of fields and messages are capped, so a body of a million bad
 * items answers a few lines rather than a million.
 */
export class FieldErrorCollector {
  private readonly fields: FieldErrors = Object.create(null) as FieldErrors;
  private count = 0;

  add(key: string, message: string): void {
    const name = key.length > MAX_KEY_LENGTH ? `${key.slice(0, MAX_KEY_LENGTH)}…` : key;
    let messages = this.fields[name];
    if (!messages) {
      if (this.count >= MAX_FIELDS) return;
      messages = this.fields[name] = [];
      this.count += 1;
    }
    if (messages.length < MAX_MESSAGES_PER_FIELD && !messages.includes(message)) messages.push(message);
  }

  get isEmpty(): boolean {
    return this.count === 0;
  }

  get result(): FieldErrors {
    return this.fields;
  }
}
