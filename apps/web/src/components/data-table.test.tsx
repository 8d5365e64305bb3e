import { describe, expect, it } from 'vitest';
import { pageRangeText } from './data-table';

describe('pageRangeText', () => {
  it('gives an exact total as counted', () => {
    expect(pageRangeText({ from: 11, to: 20, totalRecords: 9_876 })).toBe('11–20 of 9,876');
    expect(pageRangeText({ from: 1, to: 10, totalRecords: 10_000 })).toBe('1–10 of 10,000');
  });

  it('says "about" for a total past the exact count, which is an estimate', () => {
    expect(pageRangeText({ from: 1, to: 10, totalRecords: 201_347 })).toBe('1–10 of about 200,000');
    expect(pageRangeText({ from: 1, to: 10, totalRecords: 12_294 })).toBe('1–10 of about 12,000');
  });
});
