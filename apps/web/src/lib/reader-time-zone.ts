import { SESSION_COOKIES } from '@rrp/domain';
import { readCookie, writeCookie } from './cookies';

const A_YEAR_MS = 365 * 86_400_000;

/**
 * Remembers the reader's time zone in a cookie, so that a page the server renders writes moments
 * in it, as this browser writes them once it takes the page over (decision 447). Asked after the
 * first screen has begun to render: the first Intl.DateTimeFormat of a page costs about 12 ms.
 */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && readCookie(SESSION_COOKIES.timeZone) !== zone)
    writeCookie(SESSION_COOKIES.timeZone, zone, new Date(Date.now() + A_YEAR_MS));
}
