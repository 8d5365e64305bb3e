import { describe, expect, it } from 'vitest';
import { answerText, formLabels, rangeText } from './answers';

describe('formLabels', () => {
  it('names every answer of a form, follow-ups and options included', () => {
    const labels = formLabels({
      id: 'plasma',
      title: 'Plasma',
      fields: [
        { type: 'header', label: 'Plasma Request' },
        {
          type: 'radio',
          key: 'bio_destroyed',
          label: 'Will remaining biospecimens be destroyed?',
          options: [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No, they will be returned' },
          ],
        },
        {
          type: 'followUp',
          on: 'bio_destroyed',
          when: ['no'],
          fields: [{ type: 'text', key: 'bio_destroyed_description', label: 'How will they be returned?' }],
        },
      ],
    });
    expect(labels.get('bio_destroyed')?.label).toBe('Will remaining biospecimens be destroyed?');
    expect(labels.get('bio_destroyed')?.options.get('no')).toBe('No, they will be returned');
    expect(labels.get('bio_destroyed_description')?.label).toBe('How will they be returned?');
    expect(formLabels(undefined).size).toBe(0);
  });
});

describe('answerText', () => {
  const labels = formLabels({
    id: 'resource_impact',
    title: 'Resource impact',
    fields: [
      {
        type: 'radio',
        key: 'publication_status',
        label: 'Publication status',
        options: [
          { value: 1, label: 'Data published' },
          { value: 3, label: 'No publication expected' },
        ],
      },
      {
        type: 'subform',
        key: 'publications',
        label: 'Publications',
        fields: [
          { type: 'text', key: 'title', label: 'Title' },
          { type: 'date', key: 'published', label: 'Published' },
        ],
      },
    ],
  });

  it('reads option values as their labels, booleans as Yes/No and dates in the one date format', () => {
    expect(answerText(3, labels, 'publication_status')).toBe('No publication expected');
    expect(answerText(true)).toBe('Yes');
    expect(answerText(false)).toBe('No');
    expect(answerText('2026-03-04')).toBe('Mar 4, 2026');
    expect(answerText('')).toBe('—');
    expect(answerText(null)).toBe('—');
  });

  it('reads a range as from–to, never as a list of two numbers', () => {
    const ages = formLabels({
      id: 'research_match_application',
      title: 'Research Match Application',
      fields: [{ type: 'range', key: 'age_range', label: 'Participant age range (years)', min: 0, max: 130 }],
    });
    expect(answerText([4, 17], ages, 'age_range')).toBe('4–17');
    expect(rangeText([4, 17])).toBe('4–17');
    expect(rangeText([18, null])).toBe('from 18');
    expect(rangeText(['', 17])).toBe('up to 17');
    expect(rangeText([null, null])).toBe('—');
    expect(rangeText(undefined)).toBe('—');
  });

  it("puts a subform's rows one per line and a plain list on one line", () => {
    expect(
      answerText(
        [
          { title: 'Cells', published: '2025-01-02' },
          { title: 'Brains', published: '' },
        ],
        labels,
        'publications',
      ),
    ).toBe('Cells, Jan 2, 2025\nBrains');
    expect(answerText(['a', 'b'])).toBe('a, b');
  });
});
