/** A YYYY-MM-DD (or ISO) date as mm/dd/yyyy, the portal's date format; '—' when empty. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/** A timestamp in the reader's local time, as a date. */
export function formatDate(value: string | null | undefined): string {
  return value ? new Date(value).toLocaleDateString('en-US') : '—';
}
