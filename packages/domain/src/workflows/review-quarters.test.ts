import { describe, expect, it } from 'vitest';
import {
  defaultReviewQuarter,
  parseQuarter,
  quarterKey,
  quarterLabel,
  quarterOf,
  quarterRange,
  reviewQuarterOptions,
  shiftQuarter,
} from './review-quarters';

describe('review quarters (staff §9)', () => {
  it('reads the quarter of a date in UTC', () => {
    expect(quarterOf(new Date('2024-03-31T23:59:59Z'))).toEqual({ year: 2024, quarter: 1 });
    expect(quarterOf(new Date('2024-04-01T00:00:00Z'))).toEqual({ year: 2024, quarter: 2 });
    expect(quarterOf(new Date('2024-12-31T12:00:00Z'))).toEqual({ year: 2024, quarter: 4 });
  });

  it('shifts across years both ways', () => {
    expect(shiftQuarter({ year: 2024, quarter: 1 }, -1)).toEqual({ year: 2023, quarter: 4 });
    expect(shiftQuarter({ year: 2024, quarter: 4 }, 1)).toEqual({ year: 2025, quarter: 1 });
    expect(shiftQuarter({ year: 2024, quarter: 2 }, -5)).toEqual({ year: 2023, quarter: 1 });
  });

  it('defaults to the current quarter offset by -1', () => {
    expect(defaultReviewQuarter(new Date('2026-11-23T00:00:00Z'))).toEqual({ year: 2026, quarter: 3 });
    expect(defaultReviewQuarter(new Date('2027-02-01T00:00:00Z'))).toEqual({ year: 2026, quarter: 4 });
  });

  it('offers the quarters from October 2018 to the current review quarter, newest first', () => {
    const options = reviewQuarterOptions(new Date('2019-05-01T00:00:00Z')).map(quarterKey);
    expect(options).toEqual(['2019-Q1', '2018-Q4']);
    expect(reviewQuarterOptions(new Date('2026-11-23T00:00:00Z'))).toHaveLength(32);
    expect(reviewQuarterOptions(new Date('2018-11-01T00:00:00Z'))).toEqual([]);
  });

  it('parses keys from 2018-Q4 on and gives their date range', () => {
    expect(parseQuarter('2024-Q3')).toEqual({ year: 2024, quarter: 3 });
    expect(parseQuarter('2018-Q3')).toBeNull();
    expect(parseQuarter('2024-Q5')).toBeNull();
    expect(parseQuarter('2024Q3')).toBeNull();
    const range = quarterRange({ year: 2024, quarter: 4 });
    expect(range.start.toISOString()).toBe('2024-10-01T00:00:00.000Z');
    expect(range.end.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(quarterLabel({ year: 2024, quarter: 4 })).toBe('Q4 2024 (October – December)');
  });
});
