import { describe, expect, it } from 'vitest';
import {
  csvDate,
  footerYears,
  formatDate,
  formatDateTime,
  institutionOrActivePeriod,
  isTimeZone,
  NO_VALUE,
  setReaderTimeZoneSource,
} from './index';

describe('the one date format', () => {
  it('writes a calendar day as that day, whatever the time zone', () => {
    expect(formatDate('2026-11-24')).toBe('Nov 24, 2026');
    expect(formatDate('2026-11-24', 'Pacific/Honolulu')).toBe('Nov 24, 2026');
    expect(formatDateTime('2026-11-24', 'Asia/Tokyo')).toBe('Nov 24, 2026');
  });

  it('writes a moment in the given time zone, with the time where asked', () => {
    expect(formatDate('2026-11-24T23:30:00Z', 'UTC')).toBe('Nov 24, 2026');
    expect(formatDate('2026-11-24T23:30:00Z', 'Asia/Tokyo')).toBe('Nov 25, 2026');
    expect(formatDateTime('2026-11-24T15:05:00Z', 'UTC')).toBe('Nov 24, 2026, 3:05 PM');
    expect(formatDateTime(new Date('2026-01-02T09:00:00Z'), 'UTC')).toBe('Jan 2, 2026, 9:00 AM');
  });

  it("writes what Intl writes, in UTC and in the reader's own zone, every month and hour", () => {
    for (let hour = 0; hour < 24 * 365; hour += 7) {
      const moment = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
      for (const timeZone of ['UTC', undefined]) {
        const intl = (options: Intl.DateTimeFormatOptions) =>
          new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(moment);
        expect(formatDate(moment, timeZone)).toBe(intl({ month: 'short', day: 'numeric', year: 'numeric' }));
        expect(formatDateTime(moment, timeZone)).toBe(
          intl({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
        );
      }
    }
  });

  it('writes a moment in any named zone as Intl reads its clock there, in the one shape', () => {
    for (const timeZone of ['America/New_York', 'Asia/Kathmandu', 'Pacific/Kiritimati', 'Europe/London']) {
      for (let hour = 0; hour < 24 * 365; hour += 11) {
        const moment = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
        const intl = new Intl.DateTimeFormat('en-US', {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZone,
        });
        // Intl may put a narrow no-break space before AM/PM; the portal writes a plain one.
        expect(formatDateTime(moment, timeZone)).toBe(intl.format(moment).replace(/\s/g, ' '));
      }
    }
  });

  it("writes moments in the reader's zone where a page rendered on the server names one (decision 447)", () => {
    const moment = '2026-11-24T23:30:00Z';
    let readerZone: string | undefined = 'Asia/Tokyo';
    setReaderTimeZoneSource(() => readerZone);
    try {
      expect(formatDate(moment)).toBe('Nov 25, 2026');
      expect(formatDateTime(moment)).toBe('Nov 25, 2026, 8:30 AM');
      // A zone given by the caller still wins, and a calendar day is the day written.
      expect(formatDate(moment, 'UTC')).toBe('Nov 24, 2026');
      expect(formatDate('2026-11-24')).toBe('Nov 24, 2026');
      readerZone = undefined;
      expect(formatDateTime(moment)).toBe(
        new Intl.DateTimeFormat('en-US', {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        })
          .format(new Date(moment))
          .replace(/\s/g, ' '),
      );
    } finally {
      setReaderTimeZoneSource(() => undefined);
    }
  });

  it('knows a time zone from a name that is none', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('writes an empty date as a dash, and leaves text that is no date as it is', () => {
    for (const empty of [null, undefined, '']) {
      expect(formatDate(empty)).toBe(NO_VALUE);
      expect(formatDateTime(empty)).toBe(NO_VALUE);
      expect(csvDate(empty)).toBe('');
    }
    expect(formatDate('Exempt')).toBe('Exempt');
  });

  it('gives CSV files ISO 8601', () => {
    expect(csvDate('2026-11-24')).toBe('2026-11-24');
    expect(csvDate('2026-11-24T15:05:00.000Z')).toBe('2026-11-24T15:05:00.000Z');
  });
});

describe('institutionOrActivePeriod (researcher §2 Lists, decision 144)', () => {
  const date = (value: string) => `on ${value}`;
  it('names the first institution, else the active period, else says inactive', () => {
    const user = {
      institutions: [{ name: 'Ashford College' }, { name: 'Other' }],
      created: '2024-01-02',
      active: true,
    };
    expect(institutionOrActivePeriod(user, date)).toBe('Ashford College');
    expect(institutionOrActivePeriod({ ...user, institutions: [] }, date)).toBe('Active since on 2024-01-02');
    expect(institutionOrActivePeriod({ ...user, institutions: [], active: false }, date)).toBe('Inactive');
  });
});

describe('footerYears', () => {
  it('runs from the first year to the current one, not to a year written down once', () => {
    expect(footerYears(new Date(2026, 10, 28))).toBe('2021–2026');
    expect(footerYears(new Date(2031, 0, 1))).toBe('2021–2031');
    expect(footerYears(new Date(2021, 5, 1))).toBe('2021');
  });
});
