// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage, renderSignedInPage } from './server-render';

/** A session token as the server issues them: a JWT whose expiry is an hour away. */
const token = `h.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.s`;

/** The API as the server answers it in process: every call recorded, each answered by `answer`. */
function api(answer: (path: string) => { status: number; body?: unknown }) {
  const calls: { path: string; authorization: string | null }[] = [];
  return {
    calls,
    cookie: (name: string) => ({ rrp_token: token, rrp_role: 'primary_researcher' })[name] ?? null,
    fetch: async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://server.invalid').pathname;
      calls.push({ path, authorization: new Headers(init.headers).get('authorization') });
      const { status, body } = answer(path);
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    },
  };
}

describe('a page rendered on the server', () => {
  it("asks the API as the session's user, and gives up when a read fails", async () => {
    const server = api(() => ({ status: 500, body: { detail: 'Server Error' } }));
    expect(await renderSignedInPage('/', server)).toBeNull();
    expect(server.calls).toContainEqual({ path: '/api/user/me/', authorization: `JWT ${token}` });
  });

  it('gives up for a session the API refuses, leaving the browser to send the visitor to sign in', async () => {
    const server = api((path) =>
      path === '/api/user/me/'
        ? { status: 401, body: { detail: 'Invalid token.' } }
        : {
            status: 200,
            body: {
              product_name: 'Portal',
              support_email: 'a@b.c',
              orcid: null,
              recaptcha: null,
              sentry_dsn: null,
            },
          },
    );
    expect(await renderSignedInPage('/', server)).toBeNull();
  });

  it('renders only the screens the route table marks, asking nothing for the others', async () => {
    const server = api(() => ({ status: 500 }));
    for (const path of ['/request/create', '/user/12', '/dataset', '/no-such-page']) {
      expect(await renderSignedInPage(path, server), path).toBeNull();
    }
    expect(server.calls).toEqual([]);
  });

  it('renders a public page whole for the build, with no session and no reads', async () => {
    const markup = await renderPage('/login');
    expect(markup).toContain('Sign in');
    expect(markup).not.toContain('<!--$!-->');
  });
});
