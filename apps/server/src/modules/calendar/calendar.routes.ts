import { z } from 'zod';
import { calendarFeedSchema } from '@rrp/domain';
import { allow, route, routes } from '../../platform/http/route';
import { SECRET_FORMAT } from './calendar-secret';
import type { CalendarService } from './calendar.service';

/**
 * Calendar clients poll a feed every hour or so; this is room for a household of them behind one
 * address, and stops anyone walking addresses (a secret is 256 bits anyway).
 */
const FEED_RATE = { max: 60, timeWindow: '1 minute' } as const;

/** The secret's own form; any other path names no feed and answers the plain 404 (error-handler.ts). */
const feedParamsSchema = z.object({ token: z.string().regex(SECRET_FORMAT) });

/** Calendar feeds of a user's own dates (beyond the spec, issue 33). */
export const calendarRoutes = routes<{ calendar: CalendarService }>(['calendar'], ({ calendar }) => [
  route({
    method: 'GET',
    url: '/api/user/me/calendar-feed/',
    description:
      "The signed-in user's calendar feed address, or null while it is off. Refused (403) while impersonating.",
    access: allow('read', 'CalendarFeed'),
    response: calendarFeedSchema,
    handle: ({ actor }) => calendar.get(actor),
  }),
  route({
    method: 'POST',
    url: '/api/user/me/calendar-feed/',
    description:
      'Turns the calendar feed on, or gives it a new secret address: the previous address stops working at once.',
    access: allow('create', 'CalendarFeed'),
    response: calendarFeedSchema,
    handle: ({ actor }) => calendar.turnOn(actor),
  }),
  route({
    method: 'DELETE',
    url: '/api/user/me/calendar-feed/',
    description: 'Turns the calendar feed off: its address stops working.',
    access: allow('delete', 'CalendarFeed'),
    status: 204,
    handle: async ({ actor }) => {
      await calendar.turnOff(actor);
    },
  }),
  route({
    method: 'GET',
    url: '/api/calendar/:token.ics',
    description:
      "A user's dates as iCalendar (RFC 5545), read without a session at the secret address of `user/me/calendar-feed/`: reviews due, review meetings, RDAs and joinders to sign, IRB renewals, access expiries and renewal windows, from 90 days back to 2 years ahead. Any other address is a 404.",
    access: 'public',
    rateLimit: FEED_RATE,
    params: feedParamsSchema,
    produces: ['text/calendar'],
    handle: async ({ params, reply }) =>
      reply
        .type('text/calendar; charset=utf-8')
        // The address is the secret: no shared cache keeps the feed, and no page it links to learns it.
        .header('Cache-Control', 'private, max-age=300')
        .header('Referrer-Policy', 'no-referrer')
        .send(await calendar.feed(params.token)),
  }),
]);
