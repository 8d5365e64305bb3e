import { describe, expect, it } from 'vitest';
import { idListTextSchema, idOrUuidParamSchema, idParamSchema, idTextSchema, MAX_ID } from './index';

describe('ids in paths and queries', () => {
  it('take canonical decimals from 1 to 2^31 - 1 only', () => {
    for (const raw of ['1', '16', '2147483647']) expect(idTextSchema().parse(raw)).toBe(Number(raw));
    for (const raw of [
      '0x10',
      '1e1',
      '+16',
      ' 16',
      '16 ',
      '016',
      '00',
      '0',
      '-1',
      '1.0',
      '',
      String(MAX_ID + 1),
    ]) {
      expect(idTextSchema().safeParse(raw).success, JSON.stringify(raw)).toBe(false);
      expect(idParamSchema.safeParse({ id: raw }).success, JSON.stringify(raw)).toBe(false);
    }
  });

  it('take a comma list of canonical ids, with spaces around the commas, without duplicates', () => {
    const list = idListTextSchema('Enter ids.');
    expect(list.parse('3, 1,3')).toEqual([3, 1]);
    for (const raw of ['1,0x10', '1,,2', '1,2147483648', '1,016', '']) {
      expect(
        list.safeParse(raw).error?.issues.map((issue) => issue.message),
        raw,
      ).toEqual(['Enter ids.']);
    }
  });

  it('take a dataset by canonical id or by UUID, as sent', () => {
    const uuid = '0b7e2a1c-4d5e-4f60-8a9b-0c1d2e3f4a5b';
    expect(idOrUuidParamSchema.parse({ id: uuid })).toEqual({ id: uuid });
    expect(idOrUuidParamSchema.parse({ id: '16' })).toEqual({ id: '16' });
    for (const raw of ['0x10', '016', ` ${uuid}`, '2147483648', 'abc']) {
      expect(idOrUuidParamSchema.safeParse({ id: raw }).success, raw).toBe(false);
    }
  });
});
