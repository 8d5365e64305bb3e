import { describe, expect, it } from 'vitest';
import { FORM_DOCUMENTS } from './definitions';
import { FORM_CATALOGUE } from './catalogue';
import { fillProduct, formSchemaSchema, parseFormSchema, type Field, type FormSchema } from './form-schema';
import { validateForm } from './validate';

const forms = FORM_DOCUMENTS.map((document) => formSchemaSchema.parse(document));
const byId = (id: string): FormSchema => forms.find((form) => form.id === id)!;

function keysOf(fields: Field[]): string[] {
  return fields.flatMap((field) =>
    field.type === 'followUp' ? keysOf(field.fields) : 'key' in field && field.key ? [field.key] : [],
  );
}
function find(fields: Field[], key: string): Field | undefined {
  for (const field of fields) {
    if ('key' in field && field.key === key) return field;
    if (field.type === 'followUp' || field.type === 'subform') {
      const found = find(field.fields, key);
      if (found) return found;
    }
  }
  return undefined;
}

describe('the shipped forms', () => {
  it('every document is a valid form schema', () => {
    for (const document of FORM_DOCUMENTS)
      expect(parseFormSchema(document), JSON.stringify(document).slice(0, 60)).not.toBeNull();
  });

  it('match the catalogue one to one, with the same titles', () => {
    expect(forms.map((form) => [form.id, form.title])).toEqual(
      FORM_CATALOGUE.map((entry) => [entry.id, entry.title]),
    );
  });

  it('cover the biospecimen forms with the spec fields and limits', () => {
    for (const id of ['ipsc', 'plasma', 'fibroblast', 'lcl', 'dna', 'lcl_dna']) {
      const fields = byId(id).fields;
      expect(keysOf(fields)).toEqual(
        expect.arrayContaining([
          'samples',
          'usage',
          'genetic_seq',
          'award_number',
          'full_name',
          'email',
          'address',
          'city',
          'region',
          'postal_code',
          'country',
          'phone_number',
          'instructions',
          'bio_destroyed',
          'bio_destroyed_description',
        ]),
      );
      const limit = (key: string) => (find(fields, key) as { maxLength?: number }).maxLength;
      expect([
        limit('award_number'),
        limit('full_name'),
        limit('phone_number'),
        limit('postal_code'),
      ]).toEqual([15, 30, 20, 16]);
      expect([limit('city'), limit('region'), limit('country'), limit('title')]).toEqual([75, 75, 75, 254]);
      expect(limit('email')).toBe(id === 'ipsc' ? 255 : 254);
    }
    expect(keysOf(byId('fibroblast').fields)).toContain('generate_ipscs');
    expect(keysOf(byId('lcl').fields)).toEqual(expect.arrayContaining(['generate_ipscs', 'shipment_type']));
    for (const id of ['dna', 'lcl_dna']) {
      expect(keysOf(byId(id).fields)).toEqual(expect.arrayContaining(['dna_amount', 'dna_concentration']));
    }
  });

  it('ask the iPSC modification follow-ups only of those who modify', () => {
    const ipsc = fillProduct(byId('ipsc'), 'Portal');
    const followUps = [
      'description',
      'share_with_simons',
      'who_will_modify',
      'editing_methods',
      'editing_process',
      'quality_control',
    ];
    const modifying = validateForm(ipsc, { ipsc_modifying: 'yes' }).errors;
    for (const key of followUps) expect(modifying).toHaveProperty(key);
    expect(modifying.share_with_simons).toBe('This is required by Portal to continue');
    const notModifying = validateForm(ipsc, { ipsc_modifying: 'no' }).errors;
    for (const key of followUps) expect(notModifying).not.toHaveProperty(key);
  });

  it('check Globus usernames with the spec messages and a 512 limit', () => {
    const globus = byId('globus_account');
    expect(validateForm(globus, {}).errors).toEqual({ globus_username: 'Required field' });
    expect(validateForm(globus, { globus_username: 'not an id' }).errors).toEqual({
      globus_username: 'Not a valid Globus Id or Username',
    });
    expect(validateForm(globus, { globus_username: 'ada@globusid.org' }).errors).toEqual({});
    expect(validateForm(globus, { globus_username: '0b8f3a2c-1d4e-4f5a-9b6c-7d8e9f0a1b2c' }).errors).toEqual(
      {},
    );
    expect((find(globus.fields, 'globus_username') as { maxLength: number }).maxLength).toBe(512);
  });

  it('hold the dataset, GPF, Research Match and renewal fields of researcher §3', () => {
    expect(keysOf(byId('dataset_security').fields)).toEqual(['agreed_nih', 'data_safeguard']);
    expect(validateForm(byId('gpf_access'), { gpf_access_status: '1' }).values).toEqual({
      gpf_access_status: 1,
    });
    const rm = keysOf(byId('research_match_application').fields);
    for (const key of [
      'lay_title',
      'keywords',
      'num_participants',
      'proposal_summary',
      'additional_docs',
      'age_range',
    ]) {
      expect(rm).toContain(key);
    }
    expect(
      find(byId('research_match_application').fields, 'age_range') as { min: number; max: number },
    ).toMatchObject({
      min: 0,
      max: 130,
    });
    const renewal = keysOf(byId('research_match_renewal').fields);
    for (const key of [
      'study_findings',
      'issues',
      'protocol',
      'protocol_file',
      'recent_irb',
      'consent_form',
    ]) {
      expect(renewal).toContain(key);
    }
    expect(keysOf(byId('resource_impact').fields)).toContain('publication_status');
  });

  it('fill the product placeholder everywhere', () => {
    expect(JSON.stringify(fillProduct(forms, 'Portal'))).not.toContain('{product}');
  });
});
