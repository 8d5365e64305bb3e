import { z } from 'zod';

/**
 * Calendar feeds (beyond the spec, issue 33): each signed-in user may publish their own dates at a
 * secret address that calendar clients read without a session. My Profile shows, regenerates and
 * turns off the address through `user/me/calendar-feed/`.
 */
export const calendarFeedSchema = z.object({
  /** The feed's address, or null while the feed is off. */
  url: z.string().nullable(),
  /** When the current address was made; null while the feed is off. */
  created_at: z.string().nullable(),
});
export type CalendarFeedDto = z.infer<typeof calendarFeedSchema>;

export const CALENDAR_FEED_MESSAGES = {
  // Someone acting as another user must not be able to take that user's dates away with them.
  impersonating: 'The calendar feed can be seen and changed only by its owner, not while acting as them.',
} as const;

/** The dates a feed holds: from this many days back to this many days ahead. */
export const CALENDAR_FEED_WINDOW = { daysBack: 90, daysAhead: 730 } as const;
