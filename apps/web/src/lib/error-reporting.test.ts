import { afterAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { flushErrorReports, reportError, startErrorReporting } from './error-reporting';

/** Sentry's ingest is on the internet: a stand-in for `fetch` receives what the browser sends. */
const sent: string[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn(async (_url: string, init?: RequestInit) => {
    sent.push(String(init?.body ?? ''));
    return new Response('{}', { status: 200 });
  }),
);
afterAll(() => vi.unstubAllGlobals());

function events() {
  return sent.flatMap((body) => {
    const lines = body.split('\n').filter(Boolean);
    const found: Record<string, unknown>[] = [];
    for (let i = 1; i + 1 < lines.length; i += 2) {
      if ((JSON.parse(lines[i]!) as { type?: string }).type === 'event') {
        found.push(JSON.parse(lines[i + 1]!) as Record<string, unknown>);
      }
    }
    return found;
  });
}

describe('browser error reporting', () => {
  it('sends nothing before a DSN is configured', async () => {
    await reportError(new Error('before start'));
    expect(sent).toEqual([]);
  });

  it('reports a caught error with its correlation id and without personal data', async () => {
    await startErrorReporting('https://publickey@errors.example.org/7');
    const error = new ApiError(
      500,
      { detail: 'failed for rita@example.test' },
      'GET',
      '/api/user/me/?token=eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.c2lnbmF0dXJl',
      'corr-4711',
    );
    await reportError(error);
    await flushErrorReports();
    const [event] = events();
    expect(event).toMatchObject({
      tags: { correlation_id: 'corr-4711' },
      exception: { values: [expect.objectContaining({ type: 'ApiError', value: 'failed for [email]' })] },
    });
    expect(event).not.toHaveProperty('user');
    expect(event).not.toHaveProperty('breadcrumbs');
    expect(sent.join('\n')).not.toContain('rita@example.test');
  });
});
