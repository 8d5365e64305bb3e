import { describe, expect, it } from 'vitest';
import { addYears, complianceState, isoDay, wholeYears, type ComplianceInput } from './status';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const state = (anchor: string, lastReview: string | null, today: string) => {
  const input: ComplianceInput = {
    anchor: day(anchor),
    lastReview: lastReview ? day(lastReview) : null,
    today: day(today),
  };
  const result = complianceState(input);
  return { status: result.status, anniversary: isoDay(result.anniversary) };
};

describe('calendar helpers', () => {
  it('adds years, turning 29 February into 28 February', () => {
    expect(isoDay(addYears(day('2024-02-29'), 1))).toBe('2025-02-28');
    expect(isoDay(addYears(day('2024-02-29'), 4))).toBe('2028-02-29');
    expect(isoDay(addYears(day('2023-07-15'), 2))).toBe('2025-07-15');
  });

  it('counts whole years up to and including the anniversary day', () => {
    expect(wholeYears(day('2020-06-01'), day('2021-05-31'))).toBe(0);
    expect(wholeYears(day('2020-06-01'), day('2021-06-01'))).toBe(1);
    expect(wholeYears(day('2024-02-29'), day('2025-02-28'))).toBe(1);
    expect(wholeYears(day('2020-06-01'), day('2019-06-01'))).toBe(-1);
  });
});

describe('compliance status (staff §4.6)', () => {
  it('is compliant in the first year, before the first review window opens', () => {
    expect(state('2025-06-01', null, '2026-04-30')).toEqual({ status: 1, anniversary: '2026-06-01' });
  });

  it('is due from 30 days before the anniversary until 30 days after it', () => {
    expect(state('2025-06-01', null, '2026-05-02')).toEqual({ status: 2, anniversary: '2026-06-01' });
    expect(state('2025-06-01', null, '2026-06-01')).toEqual({ status: 2, anniversary: '2026-06-01' });
    expect(state('2025-06-01', null, '2026-07-01')).toEqual({ status: 2, anniversary: '2026-06-01' });
  });

  it('is non-compliant once the grace period after the anniversary has passed', () => {
    expect(state('2025-06-01', null, '2026-07-02')).toEqual({ status: 3, anniversary: '2026-06-01' });
  });

  it('is compliant again after the review, until the next window opens', () => {
    expect(state('2025-06-01', '2026-07-20', '2026-07-21')).toEqual({ status: 1, anniversary: '2027-06-01' });
    expect(state('2025-06-01', '2026-07-20', '2027-05-02')).toEqual({ status: 2, anniversary: '2027-06-01' });
  });

  it('counts a review done in the window before the anniversary for that anniversary', () => {
    expect(state('2025-06-01', '2026-05-10', '2026-06-15')).toEqual({ status: 1, anniversary: '2027-06-01' });
    // A review before the window opened is last year's: this year's is still owed.
    expect(state('2025-06-01', '2026-04-01', '2026-06-15')).toEqual({ status: 2, anniversary: '2026-06-01' });
  });

  it('stays non-compliant for a missed year even when the next window opens', () => {
    expect(state('2024-06-01', null, '2026-05-15')).toEqual({ status: 3, anniversary: '2025-06-01' });
    expect(state('2023-06-01', '2024-06-10', '2026-05-15')).toEqual({
      status: 3,
      anniversary: '2025-06-01',
    });
  });

  it('ignores a review done before the agreement it is measured from', () => {
    expect(state('2026-01-10', '2025-12-01', '2026-03-01')).toEqual({ status: 1, anniversary: '2027-01-10' });
  });

  it('handles an agreement executed on 29 February', () => {
    expect(state('2024-02-29', null, '2025-02-28')).toEqual({ status: 2, anniversary: '2025-02-28' });
    expect(state('2024-02-29', '2025-02-27', '2025-03-01')).toEqual({ status: 1, anniversary: '2026-02-28' });
  });

  it('uses the UTC calendar day of each moment', () => {
    const result = complianceState({
      anchor: new Date('2025-06-01T23:30:00Z'),
      lastReview: null,
      today: new Date('2026-07-01T23:59:59Z'),
    });
    expect(result.status).toBe(2);
  });
});
