import { serverRequest } from './server-request';

/** Minimal cookie helpers for the session token and the active role (foundation §4, §9). */
export function readCookie(name: string): string | null {
  // On the server: the cookies of the request being rendered (none for a page prerendered at build).
  if (typeof document === 'undefined') return serverRequest()?.cookie(name) ?? null;
  const prefix = `${encodeURIComponent(name)}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

export function writeCookie(name: string, value: string, expires: Date): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Expires=${expires.toUTCString()}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
}
