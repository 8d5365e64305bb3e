import { Fragment, type ReactNode } from 'react';
import {
  Box,
  Button,
  Divider,
  FileInput,
  Group,
  NumberInput,
  Paper,
  Radio,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  DEFAULT_ACCEPT,
  conditionHolds,
  normalizeSampleIds,
  type Field,
  type FormErrors,
  type FormValues,
  type ValueField,
} from '@rrp/domain/forms';
import { CheckTree, ComboboxInput } from './choice-inputs';
import { DateField, RangeInput } from './date-range-inputs';
import { FieldGroup } from './field-group';
import { asText, typed } from './field-values';

/** Reports a change: the field's key in its scope, its new answer, and the full path of what changed. */
type ChangeHandler = (key: string, value: unknown, changedPath: string) => void;

interface ScopeProps {
  fields: readonly Field[];
  /** The answers of this scope: the form, or one subform row. */
  scope: FormValues;
  /** Error keys of this scope start with it ('' for the form, `key.row.` in a row). */
  prefix: string;
  errors: FormErrors;
  onChange: ChangeHandler;
  headingOrder: 2 | 3 | 4;
  disabled?: boolean;
  /** Shown right after a field of the form (not of a subform row), by its key. */
  addons?: Partial<Record<string, ReactNode>>;
}

const label = (field: ValueField) =>
  field.type === 'number' && field.unit ? `${field.label} (${field.unit})` : field.label;

function SubformInput({
  field,
  value,
  path,
  errors,
  onChange,
  headingOrder,
  disabled,
}: {
  field: Extract<ValueField, { type: 'subform' }>;
  value: unknown;
  path: string;
  errors: FormErrors;
  onChange: ChangeHandler;
  headingOrder: 2 | 3 | 4;
  disabled?: boolean;
}) {
  const rows: FormValues[] = Array.isArray(value) ? value : [];
  const full = field.maxRows !== undefined && rows.length >= field.maxRows;
  return (
    <FieldGroup
      legend={field.label}
      description={field.description}
      error={errors[path]}
      required={!field.optional}
    >
      {rows.map((row, index) => (
        <Paper
          withBorder
          p="sm"
          radius="sm"
          key={index}
          aria-label={`${field.label}, row ${index + 1}`}
          role="group"
        >
          <Stack gap="sm">
            <FieldList
              fields={field.fields}
              scope={row ?? {}}
              prefix={`${path}.${index}.`}
              errors={errors}
              headingOrder={headingOrder}
              disabled={disabled}
              onChange={(key, next, changedPath) =>
                onChange(
                  field.key,
                  rows.map((item, at) => (at === index ? { ...item, [key]: next } : item)),
                  changedPath,
                )
              }
            />
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                c="red.9"
                size="xs"
                disabled={disabled}
                onClick={() =>
                  onChange(
                    field.key,
                    rows.filter((_, at) => at !== index),
                    path,
                  )
                }
              >
                Remove row {index + 1}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={disabled || full}
          onClick={() => onChange(field.key, [...rows, {}], path)}
        >
          {field.addLabel ?? 'Add row'}
        </Button>
      </Group>
    </FieldGroup>
  );
}

function ValueInput({
  field,
  scope,
  prefix,
  errors,
  onChange,
  headingOrder,
  disabled,
}: Omit<ScopeProps, 'fields'> & { field: ValueField }) {
  const path = `${prefix}${field.key}`;
  const value = scope[field.key];
  const error = errors[path];
  const set = (next: unknown) => onChange(field.key, next, path);
  const common = {
    label: label(field),
    description: field.description,
    error,
    withAsterisk: !field.optional,
    // Announced as required without the browser's own validation bubbles (our messages show instead).
    'aria-required': field.optional ? undefined : true,
    disabled,
  };
  switch (field.type) {
    case 'text':
      return (
        <TextInput
          {...common}
          type={field.inputType ?? 'text'}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          value={asText(value)}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={field.rows ?? 3}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          value={asText(value)}
          onChange={(event) => set(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          maw={280}
          min={field.min ?? 0}
          max={field.max}
          step={field.step}
          allowDecimal={!field.integer}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => set(next === '' ? null : next)}
        />
      );
    case 'combobox':
      return <ComboboxInput field={field} value={value} error={error} onChange={set} disabled={disabled} />;
    case 'radio':
      return (
        <Radio.Group
          {...common}
          // The group's own wrapper is no radiogroup: its asterisk says it instead.
          aria-required={undefined}
          value={value === undefined || value === null ? null : String(value)}
          onChange={(next) => set(typed(field.options, next))}
        >
          <Stack gap={6} mt={6}>
            {field.options.map((option) => (
              <Radio
                key={String(option.value)}
                value={String(option.value)}
                label={option.label}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'checktree':
      return (
        <FieldGroup
          legend={field.label}
          description={field.description}
          error={error}
          required={!field.optional}
        >
          <CheckTree
            options={field.options}
            value={Array.isArray(value) ? value : []}
            onChange={set}
            disabled={disabled}
          />
        </FieldGroup>
      );
    case 'file': {
      const files =
        value instanceof File || (Array.isArray(value) && value.every((item) => item instanceof File));
      const stored = !files && value !== undefined && value !== null;
      return (
        <FileInput
          {...common}
          // The picker is a button, which aria-required may not name (axe aria-allowed-attr); its
          // asterisk and the form's message say it is required.
          aria-required={undefined}
          description={field.description ?? `Accepted: ${field.accept ?? DEFAULT_ACCEPT}`}
          accept={field.accept ?? DEFAULT_ACCEPT}
          multiple={field.multiple}
          clearable
          placeholder={stored ? 'A file is already uploaded; choose one to replace it' : 'Choose a file'}
          value={files ? (value as File | File[]) : field.multiple ? [] : null}
          onChange={(next) => set(next)}
        />
      );
    }
    case 'date':
      return <DateField field={field} value={value} error={error} onChange={set} disabled={disabled} />;
    case 'range':
      return <RangeInput field={field} value={value} error={error} onChange={set} disabled={disabled} />;
    case 'samples':
      return (
        <TagsInput
          {...common}
          placeholder={field.placeholder}
          splitChars={[',', ' ', '\n']}
          acceptValueOnBlur
          clearable
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(next) => set(normalizeSampleIds(next))}
        />
      );
    case 'subform':
      return (
        <SubformInput
          field={field}
          value={value}
          path={path}
          errors={errors}
          onChange={onChange}
          headingOrder={headingOrder}
          disabled={disabled}
        />
      );
  }
}

/** The fields of one scope, in order, each shown only while its condition holds. */
export function FieldList(props: ScopeProps) {
  const { fields, scope, headingOrder } = props;
  return (
    <>
      {fields.map((field, index) => {
        if (field.dependsOn && !conditionHolds(field.dependsOn, scope)) return null;
        const reactKey = 'key' in field && field.key ? field.key : `${field.type}-${index}`;
        switch (field.type) {
          case 'header':
            return (
              <Stack gap={4} key={reactKey} mt="sm">
                <Title order={headingOrder} fz="lg">
                  {field.label}
                </Title>
                {field.text && (
                  <Text size="sm" c="gray.8">
                    {field.text}
                  </Text>
                )}
              </Stack>
            );
          case 'divider':
            return <Divider key={reactKey} my="xs" />;
          case 'followUp':
            if (!conditionHolds({ field: field.on, values: field.when }, scope)) return null;
            return (
              <Box
                key={reactKey}
                pl="md"
                style={{ borderLeft: '3px solid var(--mantine-color-blue-2)' }}
                data-follow-up={field.on}
              >
                <Stack gap="md">
                  <FieldList {...props} fields={field.fields} />
                </Stack>
              </Box>
            );
          default:
            return (
              <Fragment key={reactKey}>
                <ValueInput {...props} field={field} />
                {props.prefix === '' && props.addons?.[field.key]}
              </Fragment>
            );
        }
      })}
    </>
  );
}
