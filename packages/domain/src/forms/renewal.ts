import type { Field, FormSchema } from './form-schema';

/** The resource impact / renewal form (researcher §2 "Renewals", staff §5 "Renewal form"). */
export const RESOURCE_IMPACT_FORM_ID = 'resource_impact';

/** What decides the sections of the renewal form a request is asked. */
export interface RenewalFormKind {
  /** A biospecimen request: biospecimen handling is asked when access is not renewed. */
  biospecimen: boolean;
  /** An iPSC request: modified iPSC lines are asked about too. */
  ipsc: boolean;
}

/** Keys (of fields, headers and follow-ups) asked of biospecimen requests only. */
const BIOSPECIMEN_KEYS = new Set(['biospecimen_handling']);
/** Keys asked of iPSC requests only. */
const IPSC_KEYS = new Set(['ipsc_header', 'modified_ipscs', 'ipsc_modified']);

/**
 * The renewal form as a given request is asked it: one document, with the biospecimen and iPSC
 * sections left out for requests they do not concern. Both the web renderer and the server's
 * validation use the result, so hidden sections are neither shown nor accepted.
 */
export function resourceImpactForm(form: FormSchema, kind: RenewalFormKind): FormSchema {
  const dropped = new Set<string>([
    ...(kind.biospecimen ? [] : BIOSPECIMEN_KEYS),
    ...(kind.ipsc ? [] : IPSC_KEYS),
  ]);
  const keep = (fields: readonly Field[]): Field[] =>
    fields.flatMap((field): Field[] => {
      if (field.key && dropped.has(field.key)) return [];
      if (field.type === 'followUp') {
        if (dropped.has(field.on)) return [];
        return [{ ...field, fields: keep(field.fields) }];
      }
      return [field];
    });
  return { ...form, fields: keep(form.fields) };
}
