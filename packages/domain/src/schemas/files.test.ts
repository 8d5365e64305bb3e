import { describe, expect, it } from 'vitest';
import {
  downloadFilesQuerySchema,
  flattenAdditionalData,
  listZipQuerySchema,
  uploadFileFieldsSchema,
} from './files';

describe('upload fields', () => {
  it('reads form strings into ids, JSON and nulls', () => {
    expect(
      uploadFileFieldsSchema.parse({
        type: 'irb',
        project: '12',
        institution: '',
        dataset: 'null',
        additional_data: '{"designation":1}',
      }),
    ).toEqual({
      type: 'irb',
      project: 12,
      institution: null,
      dataset: null,
      additional_data: { designation: 1 },
    });
    expect(uploadFileFieldsSchema.parse({ type: 'irb', additional_data: ' ' }).additional_data).toEqual({});
  });

  it('refuses what a form should not carry', () => {
    const fails = (input: Record<string, string>) =>
      uploadFileFieldsSchema.safeParse(input).success === false;
    expect(fails({ project: '1' })).toBe(true);
    expect(fails({ type: 'irb', project: '-1' })).toBe(true);
    expect(fails({ type: 'irb', project: '0' })).toBe(true);
    expect(fails({ type: 'irb', additional_data: '"text"' })).toBe(true);
    expect(fails({ type: 'irb', additional_data: 'null' })).toBe(true);
    expect(fails({ type: 'irb', owner: '1' })).toBe(true);
    expect(fails({ type: 'a b' })).toBe(true);
  });
});

describe('zip queries', () => {
  it('reads the selection as unique ids, up to 100', () => {
    expect(downloadFilesQuerySchema.parse({ selected_files: '3, 1,3' }).selected_files).toEqual([3, 1]);
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1).join(',');
    expect(downloadFilesQuerySchema.safeParse({ selected_files: hundred }).success).toBe(true);
    expect(downloadFilesQuerySchema.safeParse({ selected_files: `${hundred},101` }).success).toBe(false);
    for (const bad of ['', ',', '1,,2', '1;2', '0', 'a']) {
      expect(downloadFilesQuerySchema.safeParse({ selected_files: bad }).success, bad).toBe(false);
    }
  });

  it('lists a zip by exactly one of name and id', () => {
    expect(listZipQuerySchema.safeParse({ zip_file_name: 'a.zip' }).success).toBe(true);
    expect(listZipQuerySchema.safeParse({ id: '4' }).success).toBe(true);
    expect(listZipQuerySchema.safeParse({}).success).toBe(false);
    expect(listZipQuerySchema.safeParse({ id: '4', zip_file_name: 'a.zip' }).success).toBe(false);
  });
});

describe('flattenAdditionalData', () => {
  it('merges the fields inside additional_data with those beside it', () => {
    expect(flattenAdditionalData({ comments: 'c', additional_data: { status: 2 } })).toEqual({
      fields: { comments: 'c', status: 2 },
      errors: {},
    });
    expect(flattenAdditionalData({ status: '2' })).toEqual({ fields: { status: '2' }, errors: {} });
  });

  it('takes a field sent in both places once when the values agree, also "2" and 2', () => {
    expect(flattenAdditionalData({ status: '2', additional_data: { status: 2 } }).errors).toEqual({});
    expect(flattenAdditionalData({ status: 2, additional_data: { status: 3 } }).errors).toEqual({
      status: ['Send this field once: at the top level or inside additional_data.'],
    });
  });

  it('refuses an additional_data that is not an object', () => {
    for (const value of ['status=2', 2, ['a']]) {
      expect(flattenAdditionalData({ additional_data: value }).errors).toEqual({
        additional_data: ['Enter a JSON object.'],
      });
    }
  });
});
