import { MESSAGES } from '@rrp/domain';

export type FieldErrors = Record<string, string[]>;

/** A failure the caller can act on. Thrown anywhere; turned into the one envelope by the error handler. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body: Record<string, unknown> = { detail: message },
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400 with field errors (`non_field_errors` for the whole payload) and an optional spec `code`. */
export class ValidationError extends AppError {
  constructor(
    readonly fields: FieldErrors,
    code?: string,
    /** Extra data the caller needs to act on the error (e.g. the id to resend a verification to). */
    extra: Record<string, unknown> = {},
  ) {
    super(400, Object.values(fields).flat()[0] ?? 'Invalid input.', {
      ...fields,
      ...(code ? { code } : {}),
      ...extra,
    });
  }

  static nonField(message: string, code?: string): ValidationError {
    return new ValidationError({ non_field_errors: [message] }, code);
  }
}

/** Refuses the input with a 400 naming the fields at fault: the one way services say "bad input". */
export function invalid(fields: FieldErrors): never {
  throw new ValidationError(fields);
}

export class UnauthorizedError extends AppError {
  constructor(detail: string = MESSAGES.notAuthenticated) {
    super(401, detail);
  }
}

export class ForbiddenError extends AppError {
  constructor(detail: string = MESSAGES.forbidden) {
    super(403, detail);
  }
}

/** Also used for objects the caller may not see: they are not told the object exists. */
export class NotFoundError extends AppError {
  constructor(detail: string = MESSAGES.notFound) {
    super(404, detail);
  }
}

/** 429: answered with `Retry-After`, the whole seconds until the caller's count starts again. */
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(detail: string, retryAt: Date) {
    super(429, detail);
    this.retryAfterSeconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(detail: string) {
    super(503, detail);
  }
}
