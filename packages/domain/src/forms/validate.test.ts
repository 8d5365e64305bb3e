import { describe, expect, it } from 'vitest';
import type { Field } from './form-schema';
import { FORM_MESSAGES, normalizeSampleIds, toIsoDate } from './validate';
import { run } from './validate-test-support';

describe('required fields', () => {
  const fields: Field[] = [
    { type: 'text', key: 'name', label: 'Name' },
    { type: 'checktree', key: 'tags', label: 'Tags', options: [{ value: 'a', label: 'A' }] },
    { type: 'date', key: 'day', label: 'Day' },
    { type: 'text', key: 'note', label: 'Note', optional: true },
  ];

  it("answers 'Required field' for empty text, an empty list and an empty date", () => {
    expect(run(fields, { name: '   ', tags: [], day: '' }).errors).toEqual({
      name: 'Required field',
      tags: 'Required field',
      day: 'Required field',
    });
  });

  it('leaves empty optional fields out of the values', () => {
    const result = run(fields, { name: ' Ada ', tags: ['a'], day: '01/02/2024', note: '' });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: 'Ada', tags: ['a'], day: '2024-01-02' });
  });

  it('uses the custom error for an empty field, and requiredError over it', () => {
    expect(run([{ type: 'text', key: 'x', label: 'X', error: 'Custom' }], {}).errors).toEqual({
      x: 'Custom',
    });
    expect(
      run([{ type: 'text', key: 'x', label: 'X', error: 'Custom', requiredError: 'Field Required' }], {})
        .errors,
    ).toEqual({ x: 'Field Required' });
  });

  it('drops answers for keys the form does not have', () => {
    expect(run([{ type: 'text', key: 'a', label: 'A' }], { a: 'x', injected: 'y' }).values).toEqual({
      a: 'x',
    });
  });
});

describe('text and textarea', () => {
  const globus: Field = {
    type: 'text',
    key: 'globus_username',
    label: 'Globus',
    maxLength: 512,
    pattern: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+',
    error: 'Not a valid Globus Id or Username',
  };

  it('shows the custom error when the pattern fails, on the whole answer', () => {
    expect(run([globus], { globus_username: 'nobody' }).errors.globus_username).toBe(
      'Not a valid Globus Id or Username',
    );
    expect(run([globus], { globus_username: 'x a@b.org' }).errors.globus_username).toBeDefined();
    expect(run([globus], { globus_username: 'a@b.org' }).values).toEqual({ globus_username: 'a@b.org' });
  });

  it("answers 'Required field' for a failed pattern without a custom error", () => {
    expect(run([{ type: 'textarea', key: 't', label: 'T', pattern: '\\d+' }], { t: 'abc' }).errors.t).toBe(
      'Required field',
    );
  });

  it('enforces maxLength', () => {
    const field: Field = { type: 'text', key: 'award_number', label: 'Award', maxLength: 15 };
    expect(run([field], { award_number: 'x'.repeat(16) }).errors.award_number).toBe(
      FORM_MESSAGES.maxLength(15),
    );
    expect(run([field], { award_number: 'x'.repeat(15) }).errors).toEqual({});
  });

  it('refuses an object where text belongs', () => {
    expect(run([{ type: 'text', key: 't', label: 'T' }], { t: { a: 1 } }).errors.t).toBe(FORM_MESSAGES.text);
  });
});

describe('number', () => {
  const field: Field = { type: 'number', key: 'n', label: 'N' };

  it('coerces numeric text and keeps min 0 by default', () => {
    expect(run([field], { n: '12.5' }).values).toEqual({ n: 12.5 });
    expect(run([field], { n: -1 }).errors.n).toBe(FORM_MESSAGES.min(0));
    expect(run([field], { n: 'abc' }).errors.n).toBe(FORM_MESSAGES.number);
  });

  it('honours min, max and integer', () => {
    const bounded: Field = { type: 'number', key: 'n', label: 'N', min: 2, max: 10, integer: true };
    expect(run([bounded], { n: 1 }).errors.n).toBe(FORM_MESSAGES.min(2));
    expect(run([bounded], { n: 11 }).errors.n).toBe(FORM_MESSAGES.max(10));
    expect(run([bounded], { n: 2.5 }).errors.n).toBe(FORM_MESSAGES.wholeNumber);
    expect(run([bounded], { n: 0 }).errors.n).toBe(FORM_MESSAGES.min(2));
    expect(run([bounded], { n: '10' }).values).toEqual({ n: 10 });
  });
});

describe('combobox', () => {
  const options = [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ];

  it('takes one of its options', () => {
    const field: Field = { type: 'combobox', key: 'c', label: 'C', options };
    expect(run([field], { c: 'a' }).values).toEqual({ c: 'a' });
    expect(run([field], { c: 'z' }).errors.c).toBe(FORM_MESSAGES.choice);
    expect(run([field], { c: ['a', 'b'] }).errors.c).toBe(FORM_MESSAGES.choice);
  });

  it('with multiple, deduplicates and caps the answers', () => {
    const field: Field = {
      type: 'combobox',
      key: 'k',
      label: 'K',
      options,
      multiple: true,
      maxItems: 3,
      creatable: true,
    };
    expect(run([field], { k: ['a', 'new', 'a'] }).values).toEqual({ k: ['a', 'new'] });
    expect(run([field], { k: ['a', 'b', 'c', 'd'] }).errors.k).toBe(FORM_MESSAGES.maxItems(3));
    expect(run([field], { k: [] }).errors.k).toBe('Required field');
  });

  it('with a remote table, takes any text (the list is checked where it lives)', () => {
    const field: Field = { type: 'combobox', key: 'v', label: 'V', table: 'shipping_vendors' };
    expect(run([field], { v: 'FedEx' }).values).toEqual({ v: 'FedEx' });
  });
});

describe('radio', () => {
  const field: Field = {
    type: 'radio',
    key: 'gpf_access_status',
    label: 'GPF',
    options: [
      { value: 1, label: 'No' },
      { value: 2, label: 'Yes' },
    ],
  };

  it('coerces the answer to the option value', () => {
    expect(run([field], { gpf_access_status: '2' }).values).toEqual({ gpf_access_status: 2 });
    expect(run([field], { gpf_access_status: 3 }).errors.gpf_access_status).toBe(FORM_MESSAGES.choice);
    expect(run([field], {}).errors.gpf_access_status).toBe('Required field');
  });

  it('handles true/false options', () => {
    const truth: Field = {
      type: 'radio',
      key: 't',
      label: 'T',
      options: [
        { value: true, label: 'True' },
        { value: false, label: 'False' },
      ],
    };
    expect(run([truth], { t: 'false' }).values).toEqual({ t: false });
  });
});

describe('checktree', () => {
  const field: Field = {
    type: 'checktree',
    key: 'seq',
    label: 'Sequencing',
    options: [
      {
        value: 'sequencing',
        label: 'Sequencing',
        children: [
          { value: 'wgs', label: 'WGS' },
          { value: 'wes', label: 'WES' },
        ],
      },
      { value: 'none', label: 'None' },
    ],
  };

  it('accepts nested option values and refuses unknown ones', () => {
    expect(run([field], { seq: ['sequencing', 'wgs'] }).values).toEqual({ seq: ['sequencing', 'wgs'] });
    expect(run([field], { seq: ['wes'] }).values).toEqual({ seq: ['wes'] });
    expect(run([field], { seq: ['bogus'] }).errors.seq).toBe(FORM_MESSAGES.choice);
  });

  it('with a single agreement box, shows its custom error when unticked', () => {
    const agree: Field = {
      type: 'checktree',
      key: 'share_with_simons',
      label: 'Share',
      options: [{ value: true, label: 'I will share' }],
      error: 'This is required by Portal to continue',
    };
    expect(run([agree], { share_with_simons: [] }).errors.share_with_simons).toBe(
      'This is required by Portal to continue',
    );
    expect(run([agree], { share_with_simons: [true] }).values).toEqual({ share_with_simons: [true] });
  });
});

describe('file', () => {
  const field: Field = { type: 'file', key: 'f', label: 'F' };

  it('accepts .pdf by default, by name or as an uploaded file id', () => {
    expect(run([field], { f: { name: 'letter.PDF' } }).errors).toEqual({});
    expect(run([field], { f: 42 }).values).toEqual({ f: 42 });
    expect(run([field], { f: { name: 'letter.docx' } }).errors.f).toBe(FORM_MESSAGES.fileType('.pdf'));
    expect(run([field], { f: null }).errors.f).toBe('Required field');
  });

  it('honours accept and multiple', () => {
    const many: Field = { type: 'file', key: 'f', label: 'F', accept: '.pdf,.docx', multiple: true };
    expect(run([many], { f: [{ name: 'a.docx' }, 7] }).errors).toEqual({});
    expect(run([field], { f: [{ name: 'a.pdf' }, { name: 'b.pdf' }] }).errors.f).toBe(FORM_MESSAGES.oneFile);
    expect(run([field], { f: 'not-a-file' }).errors.f).toBe('Required field');
  });
});

describe('date', () => {
  const field: Field = { type: 'date', key: 'd', label: 'D' };

  it("answers 'Please use the format MM/DD/YYYY' for impossible dates", () => {
    expect(run([field], { d: '13/01/2024' }).errors.d).toBe('Please use the format MM/DD/YYYY');
    expect(run([field], { d: '02/30/2024' }).errors.d).toBe('Please use the format MM/DD/YYYY');
    expect(run([field], { d: 'soon' }).errors.d).toBe('Please use the format MM/DD/YYYY');
  });

  it('stores both typed forms as YYYY-MM-DD', () => {
    expect(run([field], { d: '02/29/2024' }).values).toEqual({ d: '2024-02-29' });
    expect(run([field], { d: '2024-03-01' }).values).toEqual({ d: '2024-03-01' });
    expect(toIsoDate('2023-02-29')).toBeNull();
  });
});

describe('range', () => {
  const field: Field = { type: 'range', key: 'age', label: 'Age', min: 0, max: 130 };

  it('takes a from-to pair within its bounds', () => {
    expect(run([field], { age: ['5', 17] }).values).toEqual({ age: [5, 17] });
    expect(run([field], { age: [0, 131] }).errors.age).toBe(FORM_MESSAGES.range(0, 130));
    expect(run([field], { age: [20, 10] }).errors.age).toBe(FORM_MESSAGES.rangeOrder);
    expect(run([field], { age: [5, null] }).errors.age).toBe(FORM_MESSAGES.rangeBoth);
    expect(run([field], { age: [null, null] }).errors.age).toBe('Required field');
  });
});

describe('samples', () => {
  it('splits, strips and deduplicates ids', () => {
    expect(normalizeSampleIds('11000-p1, 11000-mo\n14710-x1 11000-p1 ab_c!')).toEqual([
      '11000-p1',
      '11000-mo',
      '14710-x1',
      'abc',
    ]);
    const field: Field = { type: 'samples', key: 'samples', label: 'Samples' };
    expect(run([field], { samples: ['1-a', '1-a', '2 b'] }).values).toEqual({ samples: ['1-a', '2', 'b'] });
    expect(run([field], { samples: ', ;' }).errors.samples).toBe('Required field');
  });
});

describe('header and divider', () => {
  it('hold no values and need none', () => {
    const result = run(
      [{ type: 'header', label: 'Intro' }, { type: 'divider' }, { type: 'text', key: 'a', label: 'A' }],
      { a: 'x' },
    );
    expect(result).toEqual({ values: { a: 'x' }, errors: {} });
  });
});
