/**
 * The browser's session cookies (foundation §4, §9): the web app writes them, and the server reads
 * the token's presence to choose the sign-in page it sends (a visitor's prerendered one or the app).
 */
export const SESSION_COOKIES = {
  token: 'rrp_token',
  /** While impersonating, the staff member's own token waits here. */
  realToken: 'rrp_real_token',
  /** While impersonating, the role the staff member was viewing as, restored on EXIT. */
  realRole: 'rrp_real_role',
  role: 'rrp_role',
  /**
   * The reader's time zone (an IANA name), written by the web app as it starts: a page the server
   * renders writes moments in it, as the browser then writes them (decision 447).
   */
  timeZone: 'rrp_tz',
} as const;
