import { describe, expect, it } from 'vitest';
import { FORM_DOCUMENTS } from './definitions';
import { formSchemaSchema, type Field, type FormSchema } from './form-schema';
import { RESOURCE_IMPACT_FORM_ID, resourceImpactForm } from './renewal';
import { validateForm } from './validate';

const form = FORM_DOCUMENTS.map((document) => formSchemaSchema.parse(document)).find(
  (document) => document.id === RESOURCE_IMPACT_FORM_ID,
)!;

function keys(fields: readonly Field[]): string[] {
  return fields.flatMap((field) => [
    ...(field.key ? [field.key] : []),
    ...(field.type === 'followUp' || field.type === 'subform' ? keys(field.fields) : []),
  ]);
}
const answers = { renew: false, publication_status: 3, generated_check: false, impact: 'Helpful.' };
const dataset = resourceImpactForm(form, { biospecimen: false, ipsc: false });
const plasma = resourceImpactForm(form, { biospecimen: true, ipsc: false });
const ipsc = resourceImpactForm(form, { biospecimen: true, ipsc: true });

describe('the resource impact / renewal form (staff §5 "Renewal form")', () => {
  it('stays a valid form schema for every kind of request', () => {
    for (const variant of [dataset, plasma, ipsc] as FormSchema[])
      expect(formSchemaSchema.safeParse(variant).success).toBe(true);
  });

  it('asks biospecimen handling only of biospecimen requests, modified iPSCs only of iPSC ones', () => {
    expect(keys(dataset.fields)).not.toContain('bio_destroyed');
    expect(keys(dataset.fields)).not.toContain('modified_ipscs');
    expect(keys(plasma.fields)).toContain('bio_destroyed');
    expect(keys(plasma.fields)).not.toContain('modified_ipscs');
    expect(keys(ipsc.fields)).toEqual(expect.arrayContaining(['bio_destroyed', 'modified_ipscs']));
  });

  it('asks about biospecimens when access is not renewed (No), not when it is', () => {
    expect(validateForm(plasma, answers).errors).toEqual({ bio_destroyed: 'Required field' });
    const renewed = validateForm(plasma, { ...answers, renew: true, bio_destroyed: 'yes' });
    expect(renewed.errors).toEqual({});
    expect(renewed.values).not.toHaveProperty('bio_destroyed');
  });

  it('clears publication data unless published, and generated data unless generated_check is Yes', () => {
    const result = validateForm(dataset, {
      ...answers,
      publication_status: 2,
      publications: [{ citation: 'x', published: '2025-01-01' }],
      generated_data: 'dropped',
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ ...answers, publication_status: 2 });
    const published = validateForm(dataset, { ...answers, publication_status: 1 });
    expect(published.errors).toEqual({ publications: 'Required field' });
    const generated = validateForm(dataset, { ...answers, generated_check: true });
    expect(generated.errors).toEqual({ generated_data: 'Required field' });
  });
});
