import { serverRequest } from './server-request';

/**
 * The typed API client. It adds the session token and the active role to every call and turns
 * failures into typed errors. Statuses other than 400 also go to the app's handler, which acts
 * as foundation §8 "Status handling" says (log out, 'Permissions Issue', /404, 'Server Error',
 * the error report); 400s are for the caller to show on its form.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly method: string,
    readonly url: string,
    readonly correlationId: string | null,
    /** The object's current version, on a 412 (its `ETag`): resending with it overwrites on purpose. */
    readonly etag: string | null = null,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `Request failed with status ${status}`);
    this.name = 'ApiError';
  }

  /** Field errors of a 400, first message per field as the forms show them. */
  get fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(this.body)) {
      if (Array.isArray(value) && typeof value[0] === 'string') fields[key] = value[0];
    }
    return fields;
  }

  /** The error `code` of the spec's catalogue (TERMS_SERVICES, NO_PASSWORD, ...), if any. */
  get code(): string | null {
    return typeof this.body.code === 'string' ? this.body.code : null;
  }

  /** The message to show for the whole form: the first non-field error, else the detail. */
  get summary(): string {
    const nonField = this.body.non_field_errors;
    if (Array.isArray(nonField) && typeof nonField[0] === 'string') return nonField[0];
    return this.message;
  }
}

interface SessionSource {
  token(): string | null;
  role(): string | null;
}

type ErrorHandler = (error: ApiError) => void;

let session: SessionSource = { token: () => null, role: () => null };
/** Asked before a write; answering false cancels it (the impersonation warning). */
let writeGuard: (method: string, path: string) => Promise<boolean> = async () => true;

export function setWriteGuard(guard: typeof writeGuard): void {
  writeGuard = guard;
}

export class CancelledError extends Error {
  override name = 'CancelledError';
}
let onError: ErrorHandler = () => undefined;

/** Where calls read the token and role from; set once, before any call is made. */
export function setSessionSource(source: SessionSource): void {
  session = source;
}

/** The app-wide handling of failures other than 400. */
export function setApiErrorHandler(handler: ErrorHandler): void {
  onError = handler;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Leave this failure status to the caller instead of the app-wide handling. */
  handleStatus?: number[];
  /** Send this session instead of the current one (e.g. to load a new session's user). */
  as?: { token: string | null; role: string | null };
  /**
   * On a write: `If-Match` with the version of the object the screen showed (`'shown'`: the
   * ETag this client last read or wrote at the path), or a given ETag (overwriting on purpose).
   * A changed object then answers 412 and nothing is saved.
   */
  ifMatch?: 'shown' | string;
}

/** The ETag of each object this client read or wrote, by path (issue 33). */
const versions = new Map<string, string>();
const pathOf = (url: string) => url.split('?', 1)[0]!;

/** The active role of the session, for calls made without `apiFetch` (downloads). */
export const sessionRole = (): string | null => session.role();

/** The session's Authorization header, for calls made without `apiFetch` (downloads). */
export function authorizationHeader(): Record<string, string> {
  const token = session.token();
  return token ? { authorization: `JWT ${token}` } : {};
}

export function buildUrl(path: string, query: ApiRequest['query'], role: string | null): string {
  const url = new URL(
    path.startsWith('/api/') ? path : `/api/${path.replace(/^\//, '')}`,
    // Only the path and query are kept: on the server (no window) any origin does.
    typeof window === 'undefined' ? 'http://server.invalid' : window.location.origin,
  );
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  if (role) url.searchParams.set('role', role);
  return `${url.pathname}${url.search}`;
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const url = buildUrl(path, request.query, request.as ? request.as.role : session.role());
  if (method !== 'GET' && !(await writeGuard(method, url))) throw new CancelledError('Cancelled');
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = request.as ? request.as.token : session.token();
  if (token) headers.authorization = `JWT ${token}`;
  // A FormData body (an upload) is sent as multipart; the browser sets its boundary.
  const multipart = request.body instanceof FormData;
  if (request.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  const ifMatch = request.ifMatch === 'shown' ? versions.get(pathOf(url)) : request.ifMatch;
  if (method !== 'GET' && ifMatch) headers['if-match'] = ifMatch;
  // A page rendered on the server asks the server's own API, in process (src/server-render.tsx).
  const response = await (serverRequest()?.fetch ?? fetch)(url, {
    method,
    headers,
    body:
      request.body === undefined
        ? undefined
        : multipart
          ? (request.body as FormData)
          : JSON.stringify(request.body),
    signal: request.signal,
  });
  const etag = response.headers?.get('etag') ?? null;
  if (response.ok) {
    if (method === 'DELETE') versions.delete(pathOf(url));
    else if (etag) versions.set(pathOf(url), etag);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { detail: text };
  }
  if (response.ok) return body as T;
  const error = new ApiError(
    response.status,
    (body && typeof body === 'object' ? body : {}) as Record<string, unknown>,
    method,
    url,
    response.headers.get('x-correlation-id'),
    etag,
  );
  if (response.status !== 400 && !request.handleStatus?.includes(response.status)) onError(error);
  throw error;
}

/** One page of a list endpoint (`GET <object>/`): the total count and this page's rows. */
export interface ListPage<T> {
  count: number;
  results: T[];
}
