import { describe, expect, it } from 'vitest';
import {
  createInstitutionSchema,
  proposeInstitutionSchema,
  rdaChangesSchema,
  replaceOfficialSchema,
  signatureMatches,
  updateInstitutionSchema,
} from './institutions';

describe('RDA changes', () => {
  it('accepts dates with or without the spec’s T12:00:00, and no other time', () => {
    const date = (value: string) => rdaChangesSchema.safeParse({ signature_date: value }).success;
    expect(date('2024-02-01')).toBe(true);
    expect(date('2024-02-01T12:00:00')).toBe(true);
    expect(date('2024-02-01T12:00:00.000Z')).toBe(true);
    expect(date('2024-02-01T00:00:00Z')).toBe(false);
    expect(date('2024-02-30')).toBe(false);
    expect(date('02/01/2024')).toBe(false);
  });

  it('takes the statuses an RDA holds, as numbers or as form text', () => {
    const status = (value: unknown) => rdaChangesSchema.safeParse({ status: value }).success;
    expect([1, 2, 3, '1', '2', '3'].map(status)).toEqual([true, true, true, true, true, true]);
    expect([0, 4, '4', 'two', 2.5].map(status)).toEqual([false, false, false, false, false]);
  });

  it('knows the fields of staff §3 and no others', () => {
    expect(
      rdaChangesSchema.safeParse({
        status: 2,
        signature: 'A B',
        signature_date: '2024-02-01',
        sf_signature: 'C D',
        sf_signature_date: '2024-02-02',
        revised_date: '2024-01-01',
        comments: null,
        name: 'RDA',
        renewal_date: null,
      }).success,
    ).toBe(true);
    expect(rdaChangesSchema.safeParse({ owner: 1 }).success).toBe(false);
  });
});

describe('signatureMatches', () => {
  it('compares with the full name whatever the case and spacing', () => {
    expect(signatureMatches('  olga   OFFICIAL ', 'Olga Official')).toBe(true);
    expect(signatureMatches('Olga', 'Olga Official')).toBe(false);
    expect(signatureMatches(' ', '')).toBe(false);
  });
});

describe('institution payloads', () => {
  it('takes a status 1–6 on the admin form of institution-helper/', () => {
    const payload = (status: number) => ({
      institution_data: { name: 'N', official_name: 'N', status },
      io_data: { first_name: 'A', last_name: 'B', email: 'a@b.edu' },
    });
    expect(proposeInstitutionSchema.safeParse(payload(6)).success).toBe(true);
    expect(proposeInstitutionSchema.safeParse(payload(7)).success).toBe(false);
    expect(proposeInstitutionSchema.safeParse(payload(0)).success).toBe(false);
  });

  it('needs something to change on PATCH institution-helper/', () => {
    expect(replaceOfficialSchema.safeParse({ institution: 1 }).success).toBe(false);
    expect(
      replaceOfficialSchema.safeParse({ institution: 1, institution_data: { comments: 'x' } }).success,
    ).toBe(true);
  });

  it('fills the defaults on create only: an edit changes what it sends', () => {
    expect(createInstitutionSchema.parse({ name: 'N', official_name: 'N' })).toMatchObject({
      nonprofit: true,
      domains: [],
      associated_names: [],
    });
    expect(updateInstitutionSchema.parse({ status: 5 })).toEqual({ status: 5 });
  });
});
