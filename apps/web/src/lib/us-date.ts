import { isValidUsDate } from '@rrp/domain';

/** A typed mm/dd/yyyy (foundation §5) as the API's YYYY-MM-DD, or null. */
export function parseUsDay(text: string): string | null {
  const trimmed = text.trim();
  if (!isValidUsDate(trimmed)) return null;
  const [month, day, year] = trimmed.split('/');
  return `${year}-${month}-${day}`;
}
