import { isValidUsDate } from '@rrp/domain';

/** Days as people read them: one decimal, a dash for "no case". */
export function days(value: number | null): string {
  if (value === null) return '—';
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${value === 1 ? 'day' : 'days'}`;
}

/** A typed mm/dd/yyyy (foundation §5) as the API's YYYY-MM-DD, or null. */
export function parseUsDay(text: string): string | null {
  const trimmed = text.trim();
  if (!isValidUsDate(trimmed)) return null;
  const [month, day, year] = trimmed.split('/');
  return `${year}-${month}-${day}`;
}
