import ical from 'ical-generator';

/** What each event of a feed is about; with the object's id it makes the event's stable UID. */
type CalendarItemKind =
  | 'review-due'
  | 'tissue-review-due'
  | 'review-meeting'
  | 'rda-signature'
  | 'irb-renewal'
  | 'access-expiry'
  | 'renewal-window'
  | 'joinder';

/** One date of the feed. */
export interface CalendarItem {
  kind: CalendarItemKind;
  objectId: number;
  /** A moment (a due date), or with `allDay` the day of `start` in UTC. */
  start: Date;
  allDay: boolean;
  summary: string;
  /** The portal page where it is dealt with. */
  path: string;
}

/**
 * The feed as iCalendar (RFC 5545). Each event's UID is its kind and object at the portal's host,
 * so when a date changes the calendar client moves the event instead of adding another.
 */
export function calendarText(
  items: readonly CalendarItem[],
  site: { productName: string; publicUrl: string; now: Date },
): string {
  const host = new URL(site.publicUrl).host;
  const calendar = ical({
    name: `${site.productName}: my dates`,
    prodId: { company: site.productName, product: 'calendar feed', language: 'EN' },
    // Clients that honour it read the feed again after an hour.
    ttl: 3600,
  });
  for (const item of items) {
    const url = `${site.publicUrl}${item.path}`;
    calendar.createEvent({
      id: `${item.kind}-${item.objectId}@${host}`,
      stamp: site.now,
      start: item.start,
      allDay: item.allDay,
      summary: item.summary,
      url,
      // Several clients show no URL property; the description carries the link for them.
      description: url,
    });
  }
  return calendar.toString();
}
