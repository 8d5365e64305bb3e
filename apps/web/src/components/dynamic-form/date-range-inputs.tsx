import { Group, NumberInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { toIsoDate, type ValueField } from '@rrp/domain/forms';
import { FieldGroup } from './field-group';
import { asText } from './field-values';

export function DateField({
  field,
  value,
  error,
  onChange,
  disabled,
}: {
  field: ValueField;
  value: unknown;
  error?: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const text = asText(value);
  const iso = toIsoDate(text);
  return (
    <DateInput
      label={field.label}
      description={field.description ?? 'MM/DD/YYYY'}
      placeholder="MM/DD/YYYY"
      valueFormat="MM/DD/YYYY"
      dateParser={(input) => toIsoDate(input)}
      fixOnBlur={false}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${field.label}` }}
      withAsterisk={!field.optional}
      value={iso}
      onChange={(next) => onChange(next ?? '')}
      onBlur={(event) => {
        const typedText = event.currentTarget.value.trim();
        onChange(typedText ? (toIsoDate(typedText) ?? typedText) : '');
      }}
      error={error}
      disabled={disabled}
    />
  );
}

export function RangeInput({
  field,
  value,
  error,
  onChange,
  disabled,
}: {
  field: Extract<ValueField, { type: 'range' }>;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  disabled?: boolean;
}) {
  const pair = Array.isArray(value) ? value : [null, null];
  const set = (index: 0 | 1, next: number | string) => {
    const copy = [pair[0] ?? null, pair[1] ?? null];
    copy[index] = next === '' ? null : next;
    onChange(copy.every((item) => item === null) ? null : copy);
  };
  return (
    <FieldGroup
      legend={field.label}
      description={field.description ?? `From ${field.min} to ${field.max}`}
      error={error}
      required={!field.optional}
    >
      <Group gap="md" align="flex-start">
        {(['From', 'To'] as const).map((part, index) => (
          <NumberInput
            key={part}
            label={part}
            w={140}
            min={field.min}
            max={field.max}
            step={field.step}
            value={(pair[index] as number | null) ?? ''}
            onChange={(next) => set(index as 0 | 1, next)}
            disabled={disabled}
            error={Boolean(error)}
          />
        ))}
      </Group>
    </FieldGroup>
  );
}
