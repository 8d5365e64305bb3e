import { TextInput, type TextInputProps } from '@mantine/core';
import type { DatasetValues } from '../rules';
import type { DatasetFormFields } from './dataset-form-state';

type TextField = {
  [K in keyof DatasetValues]: DatasetValues[K] extends string ? K : never;
}[keyof DatasetValues];

/** A text input bound to one of the dataset's text values and its error. */
export function DatasetTextInput({
  field,
  bind,
  ...props
}: { field: TextField; bind: DatasetFormFields } & Omit<TextInputProps, 'value' | 'onChange' | 'error'>) {
  return (
    <TextInput
      {...props}
      value={bind.values[field]}
      onChange={(event) => bind.set(field, event.currentTarget.value)}
      error={bind.errors[field]}
    />
  );
}
