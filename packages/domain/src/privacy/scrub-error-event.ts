/**
 * What leaves for the error tracker (Sentry) carries no personal data (decision 123): no user,
 * no request body, headers or cookies, no breadcrumbs (they hold screen text and URLs), and
 * e-mail addresses and tokens inside error messages are masked. Server and browser both send
 * their events through this.
 */

const EMAIL = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[A-Za-z]{2,}/g;
/** JWTs (three base64url parts) and long opaque secrets such as reset or verification tokens. */
const TOKEN = /\beyJ[\w-]+\.[\w-]+\.[\w-]+|\b[A-Za-z0-9_-]{32,}\b/g;

/**
 * The error tracker's own collection switched off (Sentry's `dataCollection` option): no user,
 * cookies, headers, bodies, query strings, query data or local variables.
 */
export const NO_PERSONAL_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [] as never[],
  urlQueryParams: false,
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
  graphQL: { document: false, variables: false },
} as const;

export function redactPersonalData(text: string): string {
  return text.replace(EMAIL, '[email]').replace(TOKEN, '[token]');
}

/** The parts of an error event (Sentry's shape) that may carry personal data. */
export interface ScrubbableErrorEvent {
  message?: string;
  exception?: { values?: { value?: string }[] };
  user?: unknown;
  request?: { url?: string };
  breadcrumbs?: unknown;
  extra?: unknown;
}

export function scrubErrorEvent<E extends ScrubbableErrorEvent>(event: E): E {
  const scrubbed: E = { ...event };
  delete scrubbed.user;
  delete scrubbed.breadcrumbs;
  delete scrubbed.extra;
  // Only the page or route, without query or fragment (reset links carry tokens there).
  if (scrubbed.request) {
    const url = scrubbed.request.url?.split(/[?#]/, 1)[0];
    scrubbed.request = url ? { url: redactPersonalData(url) } : undefined;
    if (!scrubbed.request) delete scrubbed.request;
  }
  if (scrubbed.message) scrubbed.message = redactPersonalData(scrubbed.message);
  if (scrubbed.exception?.values) {
    scrubbed.exception = {
      ...scrubbed.exception,
      values: scrubbed.exception.values.map((value) =>
        value.value ? { ...value, value: redactPersonalData(value.value) } : value,
      ),
    };
  }
  return scrubbed;
}
