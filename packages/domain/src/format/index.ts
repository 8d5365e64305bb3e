/**
 * The portal's one way of writing dates for people (decision 125): 'Nov 24, 2026', and
 * 'Nov 24, 2026, 3:05 PM' where the time matters. CSV files carry ISO 8601 instead (`csvDate`).
 *
 * A calendar day ('2026-11-24', a date column) is written as that day wherever the reader is; a
 * moment (an ISO timestamp) is written in the reader's time zone, or in `timeZone` when given (the
 * server writes UTC).
 */

/** What an empty value (a date or an answer) reads as. */
export const NO_VALUE = '—';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

type DateValue = string | Date | null | undefined;

function toDate(value: DateValue): { date: Date; calendarDay: boolean } | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? null : { date: value, calendarDay: false };
  const calendarDay = CALENDAR_DAY.test(value);
  const date = new Date(calendarDay ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : { date, calendarDay };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A moment as a clock in some zone shows it: year, month (0–11), day, hours (0–23), minutes. */
type Clock = [number, number, number, number, number];

/** A named zone's clock: one Intl formatter per zone, made once (it throws for an unknown zone). */
const zoneClocks = new Map<string, Intl.DateTimeFormat>();

function zoneClock(zone: string): Intl.DateTimeFormat {
  let clock = zoneClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    zoneClocks.set(zone, clock);
  }
  return clock;
}

/**
 * The clock in the reader's own zone (undefined), in UTC, or in another named zone. The first two
 * are read without Intl: the first Intl.DateTimeFormat a page makes costs about 100 ms of loading
 * locale data (issue 15: most of the researcher home's first render). A named zone's clock is read
 * through Intl, but written here like the others, so that every zone writes the same shape.
 */
function clockOf(date: Date, zone: string | undefined): Clock {
  if (zone === undefined)
    return [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()];
  if (zone === 'UTC')
    return [
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate(),
      date.getUTCHours(),
      date.getUTCMinutes(),
    ];
  const parts = Object.fromEntries(
    zoneClock(zone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return [
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  ];
}

function write([year, month, day, hours, minutes]: Clock, withTime: boolean): string {
  const written = `${MONTHS[month]} ${day}, ${year}`;
  if (!withTime) return written;
  return `${written}, ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The reader's zone where it is not the process's own: a page rendered on the server (decision 447). */
let readerTimeZone: () => string | undefined = () => undefined;

/**
 * Set once by the web app's rendering on the server: the zone of the reader whose page is being
 * rendered (undefined outside a render), in which moments are written when no zone is given.
 */
export function setReaderTimeZoneSource(source: () => string | undefined): void {
  readerTimeZone = source;
}

/** Whether `name` is a time zone this runtime knows (a cookie's value is checked before use). */
export function isTimeZone(name: string): boolean {
  try {
    zoneClock(name);
    return true;
  } catch {
    return false;
  }
}

function format(value: DateValue, withTime: boolean, timeZone?: string): string {
  const parsed = toDate(value);
  if (!parsed) return typeof value === 'string' && value ? value : NO_VALUE;
  // A calendar day has no time zone: read it as written.
  const zone = parsed.calendarDay ? 'UTC' : (timeZone ?? readerTimeZone());
  return write(clockOf(parsed.date, zone), withTime && !parsed.calendarDay);
}

/** 'Nov 24, 2026'; '—' when there is no date. */
export function formatDate(value: DateValue, timeZone?: string): string {
  return format(value, false, timeZone);
}

/** 'Nov 24, 2026, 3:05 PM'; a calendar day is written without a time; '—' when there is no date. */
export function formatDateTime(value: DateValue, timeZone?: string): string {
  return format(value, true, timeZone);
}

/** A date as a CSV file carries it: ISO 8601 ('2026-11-24' for a calendar day), '' when empty. */
export function csvDate(value: DateValue): string {
  const parsed = toDate(value);
  if (!parsed) return '';
  return parsed.calendarDay ? (value as string) : parsed.date.toISOString();
}

/** The list's 'Institution or Active Period' (researcher §2 Lists, decision 144). */
export function institutionOrActivePeriod(
  user: { institutions: readonly { name: string }[]; created: string; active: boolean },
  formatDate: (value: string) => string,
): string {
  if (user.institutions[0]) return user.institutions[0].name;
  return user.active ? `Active since ${formatDate(user.created)}` : 'Inactive';
}

/** The year the portal began, where the footer's copyright years start (foundation §9). */
export const FOOTER_FIRST_YEAR = 2021;

/** The footer's copyright years: '2021–2026', from the first year to the current one. */
export function footerYears(today: Date = new Date()): string {
  const year = today.getFullYear();
  return year > FOOTER_FIRST_YEAR ? `${FOOTER_FIRST_YEAR}–${year}` : String(FOOTER_FIRST_YEAR);
}
