import { useId, type ReactNode } from 'react';
import { Fieldset, Input, Stack } from '@mantine/core';

/** A group of inputs under one legend, with its error read out with the group. */
export function FieldGroup({
  legend,
  description,
  error,
  required,
  children,
}: {
  legend: string;
  description?: string;
  error?: string;
  required: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Fieldset
      variant="unstyled"
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
      styles={{ legend: { padding: 0, marginBottom: 4 } }}
      legend={
        // Styled as every other field's label, with the same asterisk.
        <Input.Label labelElement="div" required={required}>
          {legend}
        </Input.Label>
      }
    >
      <Stack gap={6}>
        {description && (
          <Input.Description id={`${id}-description`} c="gray.7">
            {description}
          </Input.Description>
        )}
        {children}
        {error && <Input.Error id={`${id}-error`}>{error}</Input.Error>}
      </Stack>
    </Fieldset>
  );
}
