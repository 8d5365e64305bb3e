import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake service received: the raw body, parsed as a form, and the headers. */
export interface FakeHttpRequest {
  url: string;
  form: URLSearchParams;
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * A local HTTP server standing in for a service on the other side of the internet
 * (reCAPTCHA, ORCID, Sentry, ...). `handle` answers each request; the form body is parsed for
 * it, and the raw body kept too.
 */
export async function startFakeHttp(
  handle: (request: { method: string; url: string; form: URLSearchParams }) => {
    status?: number;
    json: unknown;
  },
): Promise<{
  url: string;
  requests: FakeHttpRequest[];
  close: () => Promise<void>;
}> {
  const requests: FakeHttpRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push({ url: req.url ?? '', form, body, headers: req.headers });
      const answer = handle({ method: req.method ?? 'GET', url: req.url ?? '', form });
      res
        .writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Fake siteverify: tokens `human` (v3, score 0.9), `bot` (v3, score 0.1), `v2-ok` (v2) pass or fail as named. */
export function fakeRecaptcha() {
  return startFakeHttp(({ form }) => {
    const token = form.get('response');
    if (token === 'human') return { json: { success: true, score: 0.9 } };
    if (token === 'bot') return { json: { success: true, score: 0.1 } };
    if (token === 'v2-ok' && form.get('secret') === 'v2-secret') return { json: { success: true } };
    return { json: { success: false } };
  });
}

/** Fake ORCID token endpoint: code `good-code` yields the iD 0000-0002-1825-0097. */
export function fakeOrcid() {
  return startFakeHttp(({ url, form }) => {
    if (
      url === '/oauth/token' &&
      form.get('code') === 'good-code' &&
      form.get('client_secret') === 'orcid-secret'
    ) {
      return { json: { orcid: '0000-0002-1825-0097', access_token: 'x' } };
    }
    return { status: 400, json: { error: 'invalid_grant' } };
  });
}
