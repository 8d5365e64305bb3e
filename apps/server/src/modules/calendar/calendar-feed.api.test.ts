import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CALENDAR_FEED_MESSAGES } from '@rrp/domain';
import { users } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { fetchFeed, parseFeed, turnOn } from './calendar.api-test-setup';

/** The calendar feed's own routes (issue 33): on, regenerate, off, the secret address, impersonation. */
let t: TestContext;
let researcher: { id: number; email: string; token: string };

const FEED = '/api/user/me/calendar-feed/';
const feedState = (token: string) => t.app.inject({ method: 'GET', url: FEED, headers: auth(token) });

beforeAll(async () => {
  t = await createTestContext();
  const user = await t.createUser({ roles: ['primary_researcher'] });
  researcher = { ...user, token: await t.tokenFor(user.email) };
});
afterAll(() => t.close());

describe('the calendar feed of My Profile', () => {
  it('is off until turned on, then shows a secret address of 256 bits that answers without a session', async () => {
    expect((await feedState(researcher.token)).json()).toEqual({ url: null, created_at: null });

    const on = await t.app.inject({ method: 'POST', url: FEED, headers: auth(researcher.token) });
    expect(on.statusCode).toBe(200);
    const { url, created_at } = on.json<{ url: string; created_at: string }>();
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(Date.parse(created_at)).not.toBeNaN();
    expect((await feedState(researcher.token)).json()).toEqual({ url, created_at });

    const feed = await fetchFeed(t, new URL(url).pathname);
    // A user with no dates gets a valid, empty calendar.
    expect(parseFeed(feed)).toEqual([]);
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
  });

  it('regenerating gives a new address and the old one stops at once, with a 404 that says no more', async () => {
    const old = await turnOn(t, researcher.token);
    const fresh = await turnOn(t, researcher.token);
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(t, fresh)).statusCode).toBe(200);

    const gone = await fetchFeed(t, old);
    expect(gone.statusCode).toBe(404);
    const unknown = await fetchFeed(t, `/api/calendar/${'A'.repeat(43)}.ics`);
    const malformed = await fetchFeed(t, '/api/calendar/not-a-secret.ics');
    for (const answer of [gone, unknown, malformed]) {
      expect(answer.statusCode).toBe(404);
      expect(Object.keys(errorBody(answer)).sort()).toEqual(['correlation_id', 'detail']);
      expect(errorBody(answer).detail).toBe(errorBody(gone).detail);
    }
  });

  it('turned off, the address is a 404 and My Profile shows it off', async () => {
    const path = await turnOn(t, researcher.token);
    const off = await t.app.inject({ method: 'DELETE', url: FEED, headers: auth(researcher.token) });
    expect(off.statusCode).toBe(204);
    expect((await feedState(researcher.token)).json()).toEqual({ url: null, created_at: null });
    expect((await fetchFeed(t, path)).statusCode).toBe(404);
    // Turning off twice is no error.
    expect(
      (await t.app.inject({ method: 'DELETE', url: FEED, headers: auth(researcher.token) })).statusCode,
    ).toBe(204);
  });

  it('is refused to a signed-out caller', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: FEED })).statusCode).toBe(401);
    }
  });

  it('is refused to staff acting as the user, who can neither read, regenerate nor turn it off', async () => {
    const path = await turnOn(t, researcher.token);
    const admin = await t.createUser({ roles: ['portal_admin'] });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/api-token-auth/',
      payload: { email: researcher.email, token: await t.tokenFor(admin.email) },
    });
    expect(started.statusCode, started.body).toBe(200);
    const acting = started.json<{ token: string }>().token;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const answer = await t.app.inject({ method, url: FEED, headers: auth(acting) });
      expect(answer.statusCode).toBe(403);
      expect(errorBody(answer).detail).toBe(CALENDAR_FEED_MESSAGES.impersonating);
    }
    // Nothing changed: the owner's address still works.
    expect((await fetchFeed(t, path)).statusCode).toBe(200);
  });

  it('stops a deactivated account’s feed', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    const path = await turnOn(t, await t.tokenFor(user.email));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await fetchFeed(t, path)).statusCode).toBe(404);
  });

  it('limits how often one client address reads feeds', async () => {
    const path = await turnOn(t, researcher.token);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await fetchFeed(t, path, '10.78.0.9')).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another client is not held back.
    expect((await fetchFeed(t, path, '10.78.0.10')).statusCode).toBe(200);
  });
});
