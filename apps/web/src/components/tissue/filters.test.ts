import { describe, expect, it } from 'vitest';
import { activeFilterCount, donorFilterQuery, NO_FILTERS } from './filters';

describe('donor filters as the API query', () => {
  it('sends nothing while nothing is chosen (donors without values stay listed)', () => {
    expect(donorFilterQuery(NO_FILTERS)).toEqual({});
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
  });

  it('sends choices as __in lists and ranges only on the narrowed side', () => {
    const query = donorFilterQuery({
      ...NO_FILTERS,
      diagnosis: ['ASD', 'Dup15q Syndrome'],
      medical_conditions: ['Epilepsy'],
      age: [0, 25],
      pmi: [12, 200],
      rin: [6, 9],
      selectableOnly: true,
    });
    expect(query).toEqual({
      diagnosis__in: 'ASD,Dup15q Syndrome',
      medical_conditions__in: 'Epilepsy',
      age__lte: 25,
      pmi__gte: 12,
      rin__gte: 6,
      rin__lte: 9,
      restricted: false,
    });
    expect(activeFilterCount({ ...NO_FILTERS, diagnosis: ['ASD'], age: [0, 25], selectableOnly: true })).toBe(
      3,
    );
  });
});
