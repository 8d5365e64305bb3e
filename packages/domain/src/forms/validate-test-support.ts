import type { Field, FormSchema } from './form-schema';
import { validateForm, type FormValues } from './validate';

const form = (...fields: Field[]): FormSchema => ({ id: 'test', title: 'Test', fields });

/** Validates `values` against a form made of `fields` alone: the validator tests' one way in. */
export const run = (fields: Field[], values: FormValues) => validateForm(form(...fields), values);
