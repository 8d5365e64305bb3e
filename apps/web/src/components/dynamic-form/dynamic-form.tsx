import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { FormErrors, FormSchema, FormValues } from '@rrp/domain/forms';
import { FieldList } from './fields';
import { applyChange } from './state';

interface DynamicFormProps {
  form: FormSchema;
  values: FormValues;
  errors: FormErrors;
  /** The new answers (hidden fields' removed) and errors (the changed field's cleared). */
  onChange: (state: { values: FormValues; errors: FormErrors }) => void;
  /** The level of the form's section headings under the screen's own (default 2). */
  headingOrder?: 2 | 3 | 4;
  disabled?: boolean;
  /** Content shown right after a field, by key (e.g. the sample availability under the sample ids). */
  addons?: Partial<Record<string, ReactNode>>;
}

/**
 * The one renderer of dynamic forms (foundation §5): every field type on Mantine inputs, fields
 * shown and hidden by their conditions, errors per field. It holds no state: pair it with
 * `useDynamicForm`, whose `validate()` runs the validator the server runs. Submit buttons and what
 * happens to files are the caller's (chosen files come back as `File` objects).
 */
export function DynamicForm({
  form,
  values,
  errors,
  onChange,
  headingOrder = 2,
  disabled,
  addons,
}: DynamicFormProps) {
  return (
    <Stack gap="md">
      <FieldList
        fields={form.fields}
        scope={values}
        prefix=""
        errors={errors}
        headingOrder={headingOrder}
        disabled={disabled}
        addons={addons}
        onChange={(key, value, changedPath) =>
          onChange(applyChange(form, values, errors, key, value, changedPath))
        }
      />
    </Stack>
  );
}
