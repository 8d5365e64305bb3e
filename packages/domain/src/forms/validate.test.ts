import { describe, expect, it } from 'vitest';
import type { Field, FormSchema } from './form-schema';
import { parseFormSchema } from './form-schema';
import {
  FORM_MESSAGES,
  normalizeSampleIds,
  pruneHidden,
  toIsoDate,
  validateForm,
  type FormValues,
} from './validate';

const form = (...fields: Field[]): FormSchema => ({ id: 'test', title: 'Test', fields });
const run = (fields: Field[], values: FormValues) => validateForm(form(...fields), values);
const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

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

describe('subform', () => {
  const field: Field = {
    type: 'subform',
    key: 'pubs',
    label: 'Publications',
    maxRows: 2,
    fields: [
      { type: 'text', key: 'citation', label: 'Citation' },
      { type: 'radio', key: 'peer', label: 'Peer reviewed', options: yesNo },
      { type: 'text', key: 'journal', label: 'Journal', dependsOn: { field: 'peer', values: ['yes'] } },
    ],
  };

  it('validates each row, with errors keyed by row', () => {
    const result = run([field], {
      pubs: [
        { citation: 'A', peer: 'yes' },
        { peer: 'no', journal: 'stale' },
      ],
    });
    expect(result.errors).toEqual({
      'pubs.0.journal': 'Required field',
      'pubs.1.citation': 'Required field',
    });
  });

  it('cleans rows, dropping answers of hidden row fields', () => {
    const result = run([field], { pubs: [{ citation: 'A', peer: 'no', journal: 'stale' }] });
    expect(result).toEqual({ values: { pubs: [{ citation: 'A', peer: 'no' }] }, errors: {} });
  });

  it('needs a row when required, and respects minRows and maxRows', () => {
    expect(run([field], { pubs: [] }).errors.pubs).toBe('Required field');
    expect(run([field], { pubs: [{}, {}, {}] }).errors.pubs).toBe(FORM_MESSAGES.maxRows(2));
    expect(
      run([{ ...field, minRows: 2 } as Field], { pubs: [{ citation: 'A', peer: 'no' }] }).errors.pubs,
    ).toBe(FORM_MESSAGES.minRows(2));
    expect(run([field], { pubs: 'x' }).errors.pubs).toBe(FORM_MESSAGES.row);
    expect(run([field], { pubs: ['x'] }).errors.pubs).toBe(FORM_MESSAGES.row);
    expect(run([{ ...field, optional: true } as Field], {}).errors).toEqual({});
  });
});

describe('followUp', () => {
  const fields: Field[] = [
    { type: 'radio', key: 'ipsc_modifying', label: 'Modifying?', options: yesNo },
    {
      type: 'followUp',
      on: 'ipsc_modifying',
      when: ['yes'],
      fields: [
        { type: 'textarea', key: 'description', label: 'Describe' },
        { type: 'radio', key: 'who', label: 'Who', options: [...yesNo, { value: 'other', label: 'Other' }] },
        {
          type: 'followUp',
          on: 'who',
          when: ['other'],
          fields: [{ type: 'text', key: 'who_other', label: 'Who else' }],
        },
      ],
    },
  ];

  it('requires the follow-up fields when the parent has the answer', () => {
    expect(run(fields, { ipsc_modifying: 'yes' }).errors).toEqual({
      description: 'Required field',
      who: 'Required field',
    });
    expect(run(fields, { ipsc_modifying: 'yes', description: 'd', who: 'other' }).errors).toEqual({
      who_other: 'Required field',
    });
  });

  it('skips and drops them otherwise, nested ones included', () => {
    const result = run(fields, { ipsc_modifying: 'no', description: 'stale', who: 'other', who_other: 'x' });
    expect(result).toEqual({ values: { ipsc_modifying: 'no' }, errors: {} });
  });

  it('opens on any of its answers in a multiple-choice parent', () => {
    const tree: Field[] = [
      { type: 'checktree', key: 'm', label: 'M', options: [...yesNo, { value: 'other', label: 'Other' }] },
      {
        type: 'followUp',
        on: 'm',
        when: ['other'],
        fields: [{ type: 'text', key: 'm_other', label: 'Other' }],
      },
    ];
    expect(run(tree, { m: ['yes', 'other'] }).errors).toEqual({ m_other: 'Required field' });
    expect(run(tree, { m: ['yes'], m_other: 'x' }).values).toEqual({ m: ['yes'] });
  });
});

describe('dependsOn', () => {
  const fields: Field[] = [
    { type: 'combobox', key: 'vendor', label: 'Vendor', table: 'shipping_vendors', optional: true },
    { type: 'text', key: 'account', label: 'Account', dependsOn: { field: 'vendor' } },
    {
      type: 'text',
      key: 'fedex_note',
      label: 'Note',
      dependsOn: { field: 'vendor', values: ['FedEx', 'DHL'] },
    },
    { type: 'text', key: 'chained', label: 'Chained', dependsOn: { field: 'fedex_note' }, optional: true },
  ];

  it('shows a field when the other field has any value', () => {
    expect(run(fields, {}).errors).toEqual({});
    expect(run(fields, { vendor: 'UPS' }).errors).toEqual({ account: 'Required field' });
  });

  it('shows a field when the other field has one of the values', () => {
    expect(run(fields, { vendor: 'DHL', account: '1' }).errors).toEqual({ fedex_note: 'Required field' });
  });

  it('clears hidden fields and their dependents', () => {
    const values = { vendor: 'UPS', account: '1', fedex_note: 'stale', chained: 'stale too' };
    expect(run(fields, values).values).toEqual({ vendor: 'UPS', account: '1' });
    expect(pruneHidden(fields, values)).toEqual({ vendor: 'UPS', account: '1' });
    expect(pruneHidden(fields, { ...values, vendor: 'FedEx' })).toEqual({ ...values, vendor: 'FedEx' });
  });

  it('compares answers as text, so a number matches its typed form', () => {
    const numeric: Field[] = [
      {
        type: 'radio',
        key: 'status',
        label: 'S',
        options: [
          { value: 1, label: 'One' },
          { value: 2, label: 'Two' },
        ],
      },
      { type: 'text', key: 'why', label: 'Why', dependsOn: { field: 'status', values: [2] } },
    ];
    expect(run(numeric, { status: '2' }).errors).toEqual({ why: 'Required field' });
  });

  it('prunes inside subform rows and under followUps', () => {
    const fieldsWithRows: Field[] = [
      { type: 'radio', key: 'p', label: 'P', options: yesNo },
      {
        type: 'followUp',
        on: 'p',
        when: ['yes'],
        fields: [
          {
            type: 'subform',
            key: 'rows',
            label: 'Rows',
            fields: [
              { type: 'radio', key: 'q', label: 'Q', options: yesNo },
              { type: 'text', key: 'r', label: 'R', dependsOn: { field: 'q', values: ['yes'] } },
            ],
          },
        ],
      },
    ];
    expect(pruneHidden(fieldsWithRows, { p: 'yes', rows: [{ q: 'no', r: 'x' }] })).toEqual({
      p: 'yes',
      rows: [{ q: 'no' }],
    });
    expect(pruneHidden(fieldsWithRows, { p: 'no', rows: [{ q: 'no' }] })).toEqual({ p: 'no' });
  });
});

describe('the form schema itself', () => {
  const valid = { id: 'x', title: 'X', fields: [{ type: 'text', key: 'a', label: 'A' }] };

  it('accepts a well-formed schema', () => {
    expect(parseFormSchema(valid)).not.toBeNull();
  });

  it.each([
    ['an unknown type', { ...valid, fields: [{ type: 'slider', key: 'a', label: 'A' }] }],
    ['an unknown property', { ...valid, fields: [{ type: 'text', key: 'a', label: 'A', colour: 'red' }] }],
    ['a duplicate key', { ...valid, fields: [...valid.fields, { type: 'number', key: 'a', label: 'B' }] }],
    [
      'a condition on a later field',
      {
        ...valid,
        fields: [
          { type: 'text', key: 'b', label: 'B', dependsOn: { field: 'a' } },
          { type: 'text', key: 'a', label: 'A' },
        ],
      },
    ],
    [
      'a followUp on an unknown field',
      { ...valid, fields: [{ type: 'followUp', on: 'z', when: ['y'], fields: valid.fields }] },
    ],
    [
      'a combobox without options or table',
      { ...valid, fields: [{ type: 'combobox', key: 'c', label: 'C' }] },
    ],
    [
      'an unknown remote table',
      { ...valid, fields: [{ type: 'combobox', key: 'c', label: 'C', table: 'users' }] },
    ],
    ['an inverted range', { ...valid, fields: [{ type: 'range', key: 'r', label: 'R', min: 5, max: 1 }] }],
    ['a bad pattern', { ...valid, fields: [{ type: 'text', key: 'a', label: 'A', pattern: '(' }] }],
    ['no fields', { ...valid, fields: [] }],
    ['not an object', 'fields'],
  ])('refuses %s', (_name, document) => {
    expect(parseFormSchema(document)).toBeNull();
  });
});
