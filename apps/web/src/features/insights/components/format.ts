export { parseUsDay } from '@/lib/us-date';

/** Days as people read them: one decimal, a dash for "no case". */
export function days(value: number | null): string {
  if (value === null) return '—';
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${value === 1 ? 'day' : 'days'}`;
}
