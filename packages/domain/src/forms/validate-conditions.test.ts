import { describe, expect, it } from 'vitest';
import type { Field } from './form-schema';
import { parseFormSchema } from './form-schema';
import { FORM_MESSAGES, pruneHidden } from './validate';
import { run } from './validate-test-support';

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

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
