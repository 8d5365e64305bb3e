import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText } from './calendar-items';

const site = {
  productName: 'Portal',
  publicUrl: 'https://portal.example.org',
  now: new Date('2026-01-02T03:04:05Z'),
};

describe('the iCalendar text of a feed', () => {
  it('writes all-day dates as dates, due moments in UTC, a UID per kind and object, and the page', () => {
    const text = calendarText(
      [
        {
          kind: 'irb-renewal',
          objectId: 7,
          start: new Date('2026-05-01T00:00:00Z'),
          allDay: true,
          summary: 'IRB renewal due: P00007 (Sleep; naps, and dreams)',
          path: '/project/7',
        },
        {
          kind: 'review-due',
          objectId: 9,
          start: new Date('2026-02-10T12:00:00Z'),
          allDay: false,
          summary: 'Review due: RM0009',
          path: '/request/9',
        },
      ],
      site,
    );
    expect(text).toContain('\r\n');
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const [irb, review] = calendar.getAllSubcomponents('vevent');
    expect(irb!.getFirstPropertyValue('uid')).toBe('irb-renewal-7@portal.example.org');
    const day = irb!.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect([day.isDate, day.toString()]).toEqual([true, '2026-05-01']);
    expect(irb!.getFirstPropertyValue('summary')).toBe('IRB renewal due: P00007 (Sleep; naps, and dreams)');
    expect(irb!.getFirstPropertyValue('url')).toBe('https://portal.example.org/project/7');
    expect((irb!.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate()).toEqual(site.now);
    const due = review!.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect([due.isDate, due.toJSDate().toISOString()]).toEqual([false, '2026-02-10T12:00:00.000Z']);
  });

  it('is a valid calendar with no events when there is nothing', () => {
    const calendar = new ICAL.Component(ICAL.parse(calendarText([], site)));
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
  });
});
