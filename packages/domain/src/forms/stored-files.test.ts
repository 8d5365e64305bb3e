import { describe, expect, it } from 'vitest';
import type { Field } from './form-schema';
import { FORM_MESSAGES, validateForm, type FormValues } from './validate';

/**
 * What the server is sent is stored (issue 29 item 8d, decision 325): a file answer is an upload's
 * id. The browser's chosen files (objects with a name) are for the web form before it uploads.
 */
const one: Field = { type: 'file', key: 'f', label: 'F' };
const many: Field = { type: 'file', key: 'f', label: 'F', multiple: true, optional: true };
const stored = (field: Field, values: FormValues) =>
  validateForm({ fields: [field] }, values, { files: 'stored' });

describe("validateForm with files: 'stored'", () => {
  it('accepts an upload’s id, and a list of ids where several files are asked', () => {
    expect(stored(one, { f: 12 })).toEqual({ values: { f: 12 }, errors: {} });
    expect(stored(many, { f: [12, 13] })).toEqual({ values: { f: [12, 13] }, errors: {} });
  });

  it('refuses an object with a name, and anything else that is no id in the id column’s range', () => {
    for (const answer of [
      { name: 'fake.pdf' },
      { id: 12 },
      { id: 12, name: 'a.pdf' },
      '12',
      1.5,
      -3,
      0,
      2_147_483_648,
      true,
    ]) {
      expect(stored(one, { f: answer }).errors, JSON.stringify(answer)).toEqual({
        f: FORM_MESSAGES.storedFile,
      });
    }
    expect(stored(many, { f: [12, { name: 'b.pdf' }] }).errors).toEqual({ f: FORM_MESSAGES.storedFile });
  });

  it('keeps the other file rules: required, one file', () => {
    expect(stored(one, {}).errors).toEqual({ f: FORM_MESSAGES.required });
    expect(stored(one, { f: [1, 2] }).errors).toEqual({ f: FORM_MESSAGES.oneFile });
    expect(stored(many, {})).toEqual({ values: {}, errors: {} });
  });

  it('leaves the web form’s check of chosen files as it was', () => {
    expect(validateForm({ fields: [one] }, { f: { name: 'letter.pdf' } }).errors).toEqual({});
    expect(validateForm({ fields: [one] }, { f: 12 }).errors).toEqual({});
  });
});
