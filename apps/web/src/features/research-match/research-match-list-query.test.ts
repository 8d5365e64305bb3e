import { describe, expect, it } from 'vitest';
import { listQuery, NO_FILTERS } from './research-match-list-screen';

describe('the Research Match applications list call (decision 212)', () => {
  it('asks for applications with their summary, and nothing else when no filter is set', () => {
    expect(listQuery(NO_FILTERS, ' ')).toEqual({ type: 4, expand: 'owner,institution,summary' });
  });

  it('sends each set filter under its parameter, lists joined, cycle 0 kept', () => {
    expect(
      listQuery(
        {
          ...NO_FILTERS,
          cohort: '2',
          reviewer: '17',
          quarter: '2026-Q3',
          cycle: 0,
          categories: ['Genetics', 'Imaging'],
          statuses: ['3'],
          region: 'Northeast',
        },
        'sleep',
      ),
    ).toEqual({
      type: 4,
      expand: 'owner,institution,summary',
      search: 'sleep',
      cohort: '2',
      reviews__user: '17',
      review_quarter: '2026-Q3',
      review_cycle: 0,
      category__in: 'Genetics,Imaging',
      status__in: '3',
      region: 'Northeast',
    });
  });
});
