import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, setApiErrorHandler, setSessionSource } from './api-client';

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(status === 204 ? null : JSON.stringify(body), { status, headers }));
}

describe('apiFetch', () => {
  const handled: ApiError[] = [];
  beforeEach(() => {
    handled.length = 0;
    setSessionSource({ token: () => 'tok.en.value', role: () => 'portal_admin' });
    setApiErrorHandler((error) => handled.push(error));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token and the active role on every call', async () => {
    const fetch = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetch);
    await apiFetch('cohort/', { query: { limit: 5, skip: undefined } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cohort/?limit=5&role=portal_admin');
    expect((init.headers as Record<string, string>).authorization).toBe('JWT tok.en.value');
  });

  it('sends a FormData body as multipart, leaving the boundary to the browser', async () => {
    const fetch = respond(201, { id: 1 });
    vi.stubGlobal('fetch', fetch);
    const body = new FormData();
    body.append('type', 'irb');
    await apiFetch('file/', { method: 'POST', body });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(body);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('gives a 400 to the caller with its field errors and code, without the app-wide handling', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, { email: ['Please enter a valid email address.'], code: 'TERMS_SERVICES' }),
    );
    const error = await apiFetch('api-token-auth/', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ email: 'Please enter a valid email address.' });
    expect((error as ApiError).code).toBe('TERMS_SERVICES');
    expect(handled).toEqual([]);
  });

  it.each([401, 403, 404, 500, 502])(
    'hands a %i to the app-wide handling with the correlation id',
    async (status) => {
      vi.stubGlobal('fetch', respond(status, { detail: 'x' }, { 'x-correlation-id': 'corr-123' }));
      await expect(apiFetch('user/me/')).rejects.toBeInstanceOf(ApiError);
      expect(handled).toHaveLength(1);
      expect(handled[0]).toMatchObject({ status, correlationId: 'corr-123', method: 'GET' });
    },
  );

  it('leaves a status the caller asked to handle to the caller', async () => {
    vi.stubGlobal('fetch', respond(429, { detail: 'slow down' }));
    await expect(
      apiFetch('api-token-auth/', { method: 'POST', body: {}, handleStatus: [429] }),
    ).rejects.toMatchObject({ status: 429 });
    expect(handled).toEqual([]);
  });

  it('answers undefined for 204', async () => {
    vi.stubGlobal('fetch', respond(204, null));
    await expect(apiFetch('logout/', { method: 'POST' })).resolves.toBeUndefined();
  });
});
