import { Grid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export interface OfficialValues {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
}

export const emptyOfficial: OfficialValues = { first_name: '', last_name: '', email: '', phone_number: '' };

/** The proposed signing official (`io_data`), as a nested part of a form. */
export function OfficialFields<T extends { io_data: OfficialValues }>({
  form,
}: {
  form: UseFormReturnType<T>;
}) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Official's first name" required {...form.getInputProps('io_data.first_name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Official's last name" required {...form.getInputProps('io_data.last_name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Official's email" type="email" required {...form.getInputProps('io_data.email')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Official's phone (optional)"
          type="tel"
          maxLength={20}
          {...form.getInputProps('io_data.phone_number')}
        />
      </Grid.Col>
    </Grid>
  );
}

/** Server errors of an `io_data` payload onto the nested fields (`io_data` alone is about the whole official). */
export function officialErrors(fields: Record<string, string>): Record<string, string> {
  const { io_data: official, ...rest } = fields;
  return official ? { ...rest, 'io_data.email': official } : rest;
}
