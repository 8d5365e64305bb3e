import ICAL from 'ical.js';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { auth, type TestContext } from '../../../test/test-app';

/** What the calendar feeds' API tests share: turning a feed on and reading it as a client would. */

export interface FeedEvent {
  uid: string;
  /** `YYYY-MM-DD` for an all-day event, else the moment in ISO form. */
  start: string;
  allDay: boolean;
  summary: string;
  url: string;
  stamp: string;
}

/** Turns the user's feed on (or regenerates it) and answers the address's path. */
export async function turnOn(t: TestContext, token: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/me/calendar-feed/',
    headers: auth(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json<{ url: string }>().url).pathname;
}

/** Reads a feed without a session, as a calendar client does. */
export const fetchFeed = (t: TestContext, path: string, remoteAddress = '10.77.0.1') =>
  t.app.inject({ method: 'GET', url: path, remoteAddress });

/** Parses a feed with ical.js and checks what RFC 5545 requires of the calendar and each event. */
export function parseFeed(response: LightMyRequestResponse): FeedEvent[] {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  return calendar.getAllSubcomponents('vevent').map((event) => {
    const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
    const stamp = event.getFirstPropertyValue('dtstamp') as ICAL.Time;
    const uid = event.getFirstPropertyValue('uid') as string;
    expect(uid).toBeTruthy();
    expect(stamp).toBeTruthy();
    return {
      uid,
      start: start.isDate ? start.toString() : start.toJSDate().toISOString(),
      allDay: start.isDate,
      summary: event.getFirstPropertyValue('summary') as string,
      url: event.getFirstPropertyValue('url') as string,
      stamp: stamp.toString(),
    };
  });
}
