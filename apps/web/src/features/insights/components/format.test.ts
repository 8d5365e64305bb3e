import { describe, expect, it } from 'vitest';
import { days, parseUsDay } from './format';

describe('insights formats', () => {
  it('shows days to one decimal, one day singular, and a dash for no cases', () => {
    expect(days(12.25)).toBe('12.3 days');
    expect(days(1)).toBe('1 day');
    expect(days(1234.5)).toBe('1,234.5 days');
    expect(days(null)).toBe('—');
  });

  it('reads typed mm/dd/yyyy days as the API takes them', () => {
    expect(parseUsDay(' 02/28/2025 ')).toBe('2025-02-28');
    expect(parseUsDay('02/30/2025')).toBeNull();
    expect(parseUsDay('2025-02-28')).toBeNull();
  });
});
